import { useNavigate, useSession, useTranslation } from '@aba/web-kit';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { helpsWithoutOwning } from '../utils/first-use.js';

const useStyles = makeStyles({
  empty: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalM },
  text: { margin: 0 },
});

/**
 * The children list with no child in it. A parent is invited to add one. A therapist or coordinator is told that a
 * child appears here once a family invites them (issue 13, point 13: they used to land on "Add child"), and may still
 * add a child of their own. An owner whose children are all deleted is pointed to them below.
 */
export function NoChildrenYet({ hasDeleted }: { hasDeleted: boolean }) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const navigate = useNavigate();
  const session = useSession();
  const helper = !hasDeleted && helpsWithoutOwning(session.user?.role);
  const text = hasDeleted
    ? t('childList.emptyWithDeleted')
    : helper
      ? t('firstUse.noChildrenHelper')
      : t('childList.empty');
  return (
    <div className={styles.empty}>
      <p className={styles.text}>{text}</p>
      <Button
        appearance={helper ? 'secondary' : 'primary'}
        icon={<AddRegular />}
        onClick={() => navigate('/child/create')}
      >
        {helper ? t('firstUse.addOwnChild') : t('childList.add')}
      </Button>
    </div>
  );
}
