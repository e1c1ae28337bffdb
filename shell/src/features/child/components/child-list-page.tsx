import {
  formatDate,
  lazyWithRetry,
  Link,
  Loading,
  PageHeading,
  useLocation,
  useNavigate,
  useServerErrorTranslator,
  useTranslation,
} from '@aba/web-kit';
import { ActionError, SuccessBanner } from '@aba/web-kit/forms';
import { CHILD_RESTORE_DAYS, type Child, type DeletedChild } from '@aba/contracts/api';
import {
  Badge,
  Button,
  Card,
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { ArrowUndoRegular, DeleteRegular, MoreHorizontalRegular } from '@fluentui/react-icons';
import { Suspense, useId, useRef, useState, type ReactNode } from 'react';
import { NoChildrenYet } from './no-children-yet.js';
import { useChildListQuery, useDeletedChildrenQuery, useRestoreChildMutation } from '../api/children-api.js';
import {
  childControls,
  childHomePath,
  fullName,
  navigationMessage,
  relationKey,
  restorableUntil,
} from '../utils/child-view.js';
import { ReadFailure } from '../../../lib/read-failure.js';

// The confirmation (Fluent's Dialog, its motion and portal) is fetched when a delete is first asked for.
const DeleteChildDialog = lazyWithRetry(() =>
  import('./delete-child-dialog.js').then((m) => ({ default: m.DeleteChildDialog })),
);

const useStyles = makeStyles({
  grid: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 16rem), 1fr))',
  },
  card: { height: '100%', boxSizing: 'border-box' },
  name: { ...typographyStyles.subtitle1, margin: 0, overflowWrap: 'anywhere' },
  facts: {
    margin: 0,
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXS,
    alignItems: 'center',
  },
  term: { color: tokens.colorNeutralForeground3 },
  detail: { margin: 0 },
  footer: {
    marginTop: 'auto',
    display: 'flex',
    justifyContent: 'flex-end',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
  },
  // Touch-sized (44 px) controls on the cards.
  touch: { minHeight: '44px', minWidth: '44px' },
  notice: { borderRadius: tokens.borderRadiusMedium, ':focus': { outline: 'none' } },
  deletedSection: { marginTop: tokens.spacingVerticalXXL },
  deletedTitle: { ...typographyStyles.subtitle1, margin: `0 0 ${tokens.spacingVerticalS}` },
  deletedIntro: { margin: `0 0 ${tokens.spacingVerticalM}`, color: tokens.colorNeutralForeground2 },
  deletedList: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  deletedRow: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  deletedName: { ...typographyStyles.body1Strong, margin: 0, overflowWrap: 'anywhere' },
  deletedDates: { margin: 0, color: tokens.colorNeutralForeground3 },
  deletedError: { flexBasis: '100%' },
});

/** What the page says after a delete or a restore, focused so that it is read and the user is not left nowhere. */
interface Notice {
  text: ReactNode;
  /** A new one each time, for the focus to move again. */
  key: number;
}

/**
 * /child/list (spec §2): a card per child with the full name, the date of birth (en-GB), the user's
 * relation to the child and a View button to /child/{id}/dashboard; Loading while the list loads; an
 * invitation to add a child when there is none; a red banner with Retry when the list cannot be read.
 * A message passed in navigation state shows in a green banner.
 * The owner deletes a child from its card's menu (typed first name to confirm; issue 13, point 4, ADR 0021) and finds
 * it under "Recently deleted" with its erase date and Restore.
 */
export function ChildListPage() {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const translate = useServerErrorTranslator();
  const message = navigationMessage(useLocation().state);
  const {
    data: children,
    isError,
    error,
    isFetching,
    refetch,
  } = useChildListQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const { data: deleted } = useDeletedChildrenQuery(undefined, { refetchOnMountOrArgChange: true });
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  // The child whose delete was asked for, and the menu button it was asked from (the focus goes back there).
  const [deleting, setDeleting] = useState<{ child: Child; from: HTMLElement | null } | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const announce = (text: ReactNode) => {
    setNotice((previous) => ({ text, key: (previous?.key ?? 0) + 1 }));
    // After the banner renders: the deleted child's card, which had the focus, is gone.
    setTimeout(() => noticeRef.current?.focus());
  };

  let content;
  if (isError) {
    content = <ReadFailure read={{ error, isFetching, refetch }} />;
  } else if (!children) {
    content = <Loading />;
  } else if (children.length === 0) {
    content = <NoChildrenYet hasDeleted={Boolean(deleted && deleted.length > 0)} />;
  } else {
    content = (
      <ul className={styles.grid} aria-label={t('childList.title')}>
        {children.map((child) => (
          <li key={child.id}>
            <ChildCard
              child={child}
              onDelete={(from) => {
                setDeleting({ child, from });
                setDialogOpen(true);
              }}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section>
      <PageHeading>{t('childList.title')}</PageHeading>
      <div ref={noticeRef} tabIndex={-1} className={styles.notice}>
        {notice ? (
          <SuccessBanner key={notice.key}>{notice.text}</SuccessBanner>
        ) : message ? (
          <SuccessBanner>{translate(message)}</SuccessBanner>
        ) : null}
      </div>
      {content}
      <RecentlyDeleted deleted={deleted} onRestored={announce} />
      {deleting ? (
        <Suspense fallback={null}>
          <DeleteChildDialog
            key={deleting.child.id}
            child={deleting.child}
            open={dialogOpen}
            onOpenChange={setDialogOpen}
            onDismissed={() => deleting.from?.focus()}
            onDeleted={() =>
              announce(
                t('childDelete.deleted', {
                  name: fullName(deleting.child),
                  date: restorableUntil(new Date()),
                }),
              )
            }
          />
        </Suspense>
      ) : null}
    </section>
  );
}

function ChildCard({ child, onDelete }: { child: Child; onDelete: (from: HTMLElement | null) => void }) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const navigate = useNavigate();
  const headingId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const name = fullName(child);
  return (
    <Card className={styles.card} aria-labelledby={headingId} role="group">
      <h2 id={headingId} className={styles.name}>
        {name}
      </h2>
      <dl className={styles.facts}>
        <dt className={styles.term}>{t('childList.dateOfBirth')}</dt>
        <dd className={styles.detail}>{formatDate(child.date_of_birth)}</dd>
        <dt className={styles.term}>{t('childList.relation')}</dt>
        <dd className={styles.detail}>
          <Badge appearance="tint" color={child.relation === 'OWNER' ? 'brand' : 'informative'}>
            {t(relationKey(child.relation))}
          </Badge>
        </dd>
      </dl>
      <div className={styles.footer}>
        {childControls(child.relation).deleteChild ? (
          <Menu positioning="below-end">
            <MenuTrigger disableButtonEnhancement>
              <Button
                ref={menuButton}
                appearance="subtle"
                className={styles.touch}
                icon={<MoreHorizontalRegular />}
                aria-label={t('childDelete.menu', { name })}
                title={t('childDelete.menu', { name })}
              />
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                <MenuItem icon={<DeleteRegular />} onClick={() => onDelete(menuButton.current)}>
                  {t('childDelete.menuItem')}
                </MenuItem>
              </MenuList>
            </MenuPopover>
          </Menu>
        ) : null}
        <Button
          appearance="primary"
          className={styles.touch}
          aria-label={t('childList.viewNamed', { name })}
          onClick={() => navigate(childHomePath(child.id))}
        >
          {t('actions.view')}
        </Button>
      </div>
    </Card>
  );
}

/**
 * The owner's deleted children that can still be restored, each with its erase date and Restore (nothing when there
 * are none). A restore's failure shows in its row.
 */
function RecentlyDeleted({
  deleted,
  onRestored,
}: {
  deleted: DeletedChild[] | undefined;
  onRestored: (text: ReactNode) => void;
}) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const headingId = useId();
  if (!deleted || deleted.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={styles.deletedSection}>
      <h2 id={headingId} className={styles.deletedTitle}>
        {t('childDelete.recentTitle')}
      </h2>
      <p className={styles.deletedIntro}>{t('childDelete.recentIntro', { days: CHILD_RESTORE_DAYS })}</p>
      <ul className={styles.deletedList} aria-labelledby={headingId}>
        {deleted.map((child) => (
          <li key={child.id}>
            <DeletedChildRow child={child} onRestored={onRestored} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function DeletedChildRow({
  child,
  onRestored,
}: {
  child: DeletedChild;
  onRestored: (text: ReactNode) => void;
}) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const translate = useServerErrorTranslator();
  const [restore, { isLoading }] = useRestoreChildMutation();
  const [failure, setFailure] = useState<{ error: unknown; count: number } | null>(null);
  const name = fullName(child);

  const onRestore = async () => {
    if (isLoading) return;
    try {
      await restore(child.id).unwrap();
      onRestored(
        <>
          {t('childDelete.restored', { name })} <Link to="/billing">{t('childDelete.addLicence')}</Link>
        </>,
      );
    } catch (error) {
      setFailure((previous) => ({ error, count: (previous?.count ?? 0) + 1 }));
    }
  };

  return (
    <div className={styles.deletedRow}>
      <div>
        <p className={styles.deletedName}>{name}</p>
        <p className={styles.deletedDates}>
          {t('childDelete.dates', {
            deleted: formatDate(child.deleted_at),
            erased: formatDate(child.erase_at),
          })}
        </p>
      </div>
      <Button
        className={styles.touch}
        icon={<ArrowUndoRegular />}
        disabledFocusable={isLoading}
        aria-label={t('childDelete.restoreNamed', { name })}
        onClick={() => void onRestore()}
      >
        {t('childDelete.restore')}
      </Button>
      {failure ? (
        <div className={styles.deletedError}>
          <ActionError focusKey={failure.count}>{translate(failure.error)}</ActionError>
        </div>
      ) : null}
    </div>
  );
}
