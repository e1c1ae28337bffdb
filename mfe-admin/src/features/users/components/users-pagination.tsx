import { useTranslation } from '@aba/web-kit';
import { Button, Field, makeStyles, Select, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { PAGE_SIZES, type PagerControls, type UserPageSize } from '../hooks/users-pager.js';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalL,
    marginTop: tokens.spacingVerticalM,
  },
  size: { minWidth: '10rem' },
  pager: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  current: { minWidth: '44px' },
  summary: { margin: 0, color: tokens.colorNeutralForeground2, width: '100%' },
});

export interface UsersPaginationProps {
  page: number;
  size: UserPageSize;
  controls: PagerControls;
  total: number | undefined;
  onSizeChange: (size: number) => void;
  onPrevious: () => void;
  onNext: () => void;
  onReload: () => void;
}

/** Page-size select (10/25/50/100) and Previous / current page / Next buttons (spec §2, §9). */
export function UsersPagination({ page, size, controls, total, onSizeChange, onPrevious, onNext, onReload }: UsersPaginationProps) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  return (
    <div className={styles.bar}>
      <Field label={t('users.pageSize')} className={styles.size}>
        <Select value={String(size)} onChange={(_event, data) => onSizeChange(Number(data.value))}>
          {PAGE_SIZES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Select>
      </Field>
      <nav aria-label={t('users.pagination')} className={styles.pager}>
        <Button icon={<ChevronLeftRegular />} disabled={!controls.canPrevious} onClick={onPrevious}>
          {t('users.previous')}
        </Button>
        <Button
          appearance="primary"
          className={styles.current}
          aria-current="page"
          aria-label={t('users.currentPage', { page, last: controls.lastPage })}
          title={t('users.currentPage', { page, last: controls.lastPage })}
          onClick={onReload}
        >
          {page}
        </Button>
        <Button icon={<ChevronRightRegular />} iconPosition="after" disabled={!controls.canNext} onClick={onNext}>
          {t('users.next')}
        </Button>
      </nav>
      {typeof total === 'number' && total > 0 ? (
        <p className={styles.summary} aria-live="polite">
          {t('users.summary', { from: controls.from, to: controls.to, total })}
        </p>
      ) : null}
    </div>
  );
}
