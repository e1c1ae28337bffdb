import { Link, useTranslation } from '@aba/web-kit';
import { makeStyles, tokens } from '@fluentui/react-components';
import { DataLineRegular } from '@fluentui/react-icons';
import { paths } from '../lib/route-paths.js';
import { useChildId } from '../lib/use-child.js';

const useStyles = makeStyles({
  link: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    minHeight: '44px',
    minWidth: '44px',
    color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'underline',
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      borderRadius: tokens.borderRadiusSmall,
    },
  },
});

/** "Progress" of an item of the current child: its progress page (/child/{id}/item/{itemId}); a 44 × 44 px target. */
export function ItemProgressLink({ itemId, item }: { itemId: string; item: string }) {
  const { t } = useTranslation('plans');
  const childId = useChildId();
  const styles = useStyles();
  return (
    <Link
      className={styles.link}
      to={paths.itemProgress(childId, itemId)}
      aria-label={t('progress.linkNamed', { name: item })}
    >
      <DataLineRegular aria-hidden />
      {t('progress.link')}
    </Link>
  );
}
