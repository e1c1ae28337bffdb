import { AUDIT_KINDS, mayOnChild, type AuditEntry, type AuditPerson } from '@aba/contracts/api';
import {
  EmptyState,
  formatDateTime,
  Loading,
  PageHeading,
  useCurrentChild,
  useTranslation,
} from '@aba/web-kit';
import { useTapTargetStyles, useCaptureCardStyles } from '@aba/web-kit/capture';
import {
  Button,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  mergeClasses,
  Select,
  tokens,
} from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useId, useRef } from 'react';
import { useAuditQuery } from '../api/audit-api.js';
import { useAuditView } from '../hooks/use-audit-view.js';
import {
  auditChanges,
  auditValueText,
  pageCount,
  personName,
  type AuditChange,
  type AuditView,
  type Translate,
} from '../utils/audit-view.js';
import { ReadFailure } from '../../../lib/read-failure.js';

const useStyles = makeStyles({
  text: { margin: `0 0 ${tokens.spacingVerticalM}`, maxWidth: '40rem', overflowWrap: 'anywhere' },
  // Side by side where they fit, one under the other on a phone.
  filters: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 1fr))',
    maxWidth: '48rem',
    gap: tokens.spacingHorizontalM,
    margin: `0 0 ${tokens.spacingVerticalL}`,
    padding: 0,
    border: 'none',
    minWidth: 0,
  },
  legend: { padding: 0, marginBottom: tokens.spacingVerticalS, fontWeight: tokens.fontWeightSemibold },
  // A select as wide as its column, whatever its longest option (a kind's sentence) is.
  filter: { minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' },
  select: { minWidth: 0, '& select': { minWidth: 0, width: '100%', textOverflow: 'ellipsis' } },
  meta: { margin: 0, color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  changes: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
    '& dt': { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
    '& dd': { margin: 0, overflowWrap: 'anywhere' },
  },
  pair: { display: 'contents' },
  // "Page 2 of 5", then Previous and Next side by side (one line on a wide screen, the buttons under it on a phone).
  pager: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    marginTop: tokens.spacingVerticalL,
  },
  pageOf: { minWidth: 0, '@media (max-width: 767px)': { flexBasis: '100%' } },
  total: { margin: `${tokens.spacingVerticalS} 0 0`, color: tokens.colorNeutralForeground2 },
});

/** `common`'s `t` as the audit view's pure functions call it. */
function useSay(): Translate {
  const { t } = useTranslation('common');
  return useCallback<Translate>((key, values) => t(key, values ?? {}), [t]);
}

/**
 * /child/{id}/audit (issue 17, ADR 0047): every change to the child's data, newest first, 25 a page: when (in the
 * child's time zone), who (the platform itself, or a former user), what, and the changed fields before and after.
 * Filtered by person and by kind, the page and filters kept in the URL. The owner's and coordinators' page: a
 * therapist is told so, without asking the server.
 */
export function AuditPage() {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const child = useCurrentChild();
  const headingId = useId();
  const listTop = useRef<HTMLDivElement>(null);
  const [view, show] = useAuditView();
  const allowed = mayOnChild(child?.relation, 'edit');
  const read = useAuditQuery(
    { childId: child?.id ?? '', ...view },
    { skip: child === null || !allowed, refetchOnMountOrArgChange: true },
  );
  const { data, currentData, isError, isFetching } = read;
  const pages = data ? pageCount(data.total, data.page_size) : 1;

  // A page past the last (entries removed with their child's data, a link kept too long): the last one instead.
  useEffect(() => {
    if (currentData && currentData.entries.length === 0 && view.page > pages) {
      show({ ...view, page: pages }, { replace: true });
    }
  }, [currentData, pages, show, view]);

  if (child === null) return <Loading />;

  const toPage = (page: number) => {
    show({ ...view, page });
    listTop.current?.scrollIntoView({ block: 'start' });
  };

  let content;
  if (!allowed) {
    content = (
      <MessageBar intent="info" layout="multiline">
        <MessageBarBody>{t('audit.notAllowed')}</MessageBarBody>
      </MessageBar>
    );
  } else if (isError) {
    content = <ReadFailure read={read} />;
  } else if (!data) {
    content = <Loading announced label={t('audit.loading')} />;
  } else {
    const filtered = view.kind !== undefined || view.userId !== undefined;
    content = (
      <>
        {data.total === 0 ? (
          <EmptyState>{t(filtered ? 'audit.emptyFiltered' : 'audit.empty')}</EmptyState>
        ) : (
          <AuditEntries entries={data.entries} timeZone={child.time_zone} />
        )}
        {data.total > 0 ? (
          <AuditPager page={view.page} pages={pages} total={data.total} onPage={toPage} />
        ) : null}
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} aria-busy={allowed && isFetching}>
      <PageHeading id={headingId}>{t('audit.title')}</PageHeading>
      <p className={styles.text}>{t('audit.intro')}</p>
      {allowed ? (
        <AuditFilters
          view={view}
          people={data?.people ?? []}
          onChange={(next) => show({ ...next, page: 1 })}
        />
      ) : null}
      <div ref={listTop}>{content}</div>
    </section>
  );
}

/** The person and kind filters: everyone and every kind first; choosing one shows its first page. */
function AuditFilters({
  view,
  people,
  onChange,
}: {
  view: AuditView;
  people: readonly AuditPerson[];
  onChange: (view: AuditView) => void;
}) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const tap = useTapTargetStyles();
  const say = useSay();
  // A person chosen by the link and not among those of the trail (yet) is still the one shown as chosen.
  const options =
    view.userId && !people.some((person) => person.id === view.userId)
      ? [...people, { id: view.userId, name: null }]
      : people;
  return (
    <fieldset className={styles.filters}>
      <legend className={styles.legend}>{t('audit.filters')}</legend>
      <Field className={styles.filter} label={t('audit.person')}>
        <Select
          className={mergeClasses(tap.select, styles.select)}
          value={view.userId ?? ''}
          onChange={(_event, { value }) => onChange({ ...view, userId: value || undefined })}
        >
          <option value="">{t('audit.everyone')}</option>
          {options.map((person) => (
            <option key={person.id} value={person.id}>
              {personName(person, say)}
            </option>
          ))}
        </Select>
      </Field>
      <Field className={styles.filter} label={t('audit.kindLabel')}>
        <Select
          className={mergeClasses(tap.select, styles.select)}
          value={view.kind ?? ''}
          onChange={(_event, { value }) =>
            onChange({ ...view, kind: AUDIT_KINDS.find((kind) => kind === value) })
          }
        >
          <option value="">{t('audit.allKinds')}</option>
          {AUDIT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`audit.kind.${kind}`)}
            </option>
          ))}
        </Select>
      </Field>
    </fieldset>
  );
}

/** The entries of a page as stacked cards, at every width: what, who and when, and the changed fields. */
function AuditEntries({ entries, timeZone }: { entries: readonly AuditEntry[]; timeZone: string }) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const cards = useCaptureCardStyles();
  const say = useSay();
  return (
    <ul className={cards.list} aria-label={t('audit.listLabel')}>
      {entries.map((entry) => {
        const changes = auditChanges(entry);
        return (
          <li key={entry.id} className={cards.card} data-testid="audit-entry">
            <h3 className={cards.title}>{t(`audit.kind.${entry.kind}`)}</h3>
            <p className={styles.meta}>
              {t('audit.byAt', {
                person: personName(entry.actor, say),
                when: formatDateTime(entry.at, timeZone),
              })}
            </p>
            {changes.length > 0 ? (
              <dl className={styles.changes}>
                {changes.map((change) => (
                  <div key={change.field} className={styles.pair}>
                    <dt>{t(`audit.field.${change.field}`)}</dt>
                    <dd>
                      <ChangeText change={change} timeZone={timeZone} />
                    </dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** "before → after" for a field that changed; its one value for a field created or removed with its record. */
function ChangeText({ change, timeZone }: { change: AuditChange; timeZone: string }) {
  const { t } = useTranslation('common');
  const say = useSay();
  const text = (value: unknown) => auditValueText(change.field, value, say, timeZone);
  if (change.hasBefore && change.hasAfter)
    return <>{t('audit.change', { before: text(change.before), after: text(change.after) })}</>;
  return <>{text(change.hasAfter ? change.after : change.before)}</>;
}

/** "Page 2 of 5" with Previous and Next (44 px targets, disabled at the ends, focus kept), and the total. */
function AuditPager({
  page,
  pages,
  total,
  onPage,
}: {
  page: number;
  pages: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const tap = useTapTargetStyles();
  return (
    <>
      <nav aria-label={t('audit.pagination')} className={styles.pager}>
        <span className={styles.pageOf} aria-live="polite" data-testid="audit-page">
          {t('audit.pageOf', { page, pages })}
        </span>
        <Button
          className={tap.target}
          icon={<ChevronLeftRegular />}
          disabledFocusable={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          {t('audit.previous')}
        </Button>
        <Button
          className={tap.target}
          icon={<ChevronRightRegular />}
          iconPosition="after"
          disabledFocusable={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          {t('audit.next')}
        </Button>
      </nav>
      <p className={styles.total}>{t('audit.total', { total })}</p>
    </>
  );
}
