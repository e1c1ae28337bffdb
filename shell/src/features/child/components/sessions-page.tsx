import type { TherapySession } from '@aba/contracts/api';
import {
  dayOf,
  EmptyState,
  formatDateTime,
  Loading,
  PageHeading,
  TableRegion,
  useCurrentChild,
  useLicenceRedirect,
  useServerErrorTranslator,
  useTableStyles,
  useTranslation,
} from '@aba/web-kit';
import { NARROW_SCREEN, useCaptureCardStyles, useMediaQuery } from '@aba/web-kit/capture';
import {
  Badge,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { useId, useState } from 'react';
import { useChildSessionsQuery } from '../api/sessions-api.js';
import { dateRangeProblem, defaultListRange, durationText } from '../utils/sessions-view.js';
import { ReadFailure } from '../../../lib/read-failure.js';

const useStyles = makeStyles({
  filter: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalM,
    margin: `0 0 ${tokens.spacingVerticalL}`,
    padding: 0,
    border: 'none',
    minWidth: 0,
  },
  legend: { padding: 0, marginBottom: tokens.spacingVerticalS, fontWeight: tokens.fontWeightSemibold },
  day: { flex: '1 1 9rem', maxWidth: '14rem', minWidth: 0 },
  badges: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalXS,
    marginTop: tokens.spacingVerticalXXS,
  },
  pair: { display: 'contents' },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
    '& dt': { color: tokens.colorNeutralForeground3 },
    '& dd': { margin: 0, overflowWrap: 'anywhere' },
  },
});

/**
 * /child/{id}/sessions (issue 15): the child's sessions in a range of the child's days (the last 30 when it opens),
 * newest first: when (in the child's time zone), how long, who and in which role, where, trials and behaviours, and
 * whether it is still running or was opened by a capture rather than a tap on Start. A table on a wide screen,
 * stacked cards on a phone.
 */
export function SessionsPage() {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const child = useCurrentChild();
  const headingId = useId();
  const translate = useServerErrorTranslator();
  const narrow = useMediaQuery(NARROW_SCREEN);
  const timeZone = child?.time_zone;
  const [range, setRange] = useState(() => defaultListRange(dayOf(new Date(), timeZone) ?? ''));
  const problem = dateRangeProblem(range.from, range.to);
  // An impossible range is not asked for: the last good one stays on screen under the message.
  const [asked, setAsked] = useState(range);
  if (problem === null && (asked.from !== range.from || asked.to !== range.to)) setAsked(range);
  const { data, error, isError, isFetching, refetch } = useChildSessionsQuery(
    { childId: child?.id ?? '', from: asked.from || undefined, to: asked.to || undefined },
    { skip: child === null, refetchOnMountOrArgChange: true },
  );
  const redirecting = useLicenceRedirect(isError ? error : null);

  if (child === null || redirecting) return <Loading />;

  let content;
  if (isError) {
    content = <ReadFailure read={{ error, isFetching, refetch }} />;
  } else if (!data) {
    content = <Loading announced label={t('sessions.list.loading')} />;
  } else if (data.length === 0) {
    content = <EmptyState>{t('sessions.list.empty')}</EmptyState>;
  } else if (narrow) {
    content = <SessionCards sessions={data} timeZone={child.time_zone} />;
  } else {
    content = <SessionTable sessions={data} timeZone={child.time_zone} />;
  }

  return (
    <section aria-labelledby={headingId} aria-busy={isFetching}>
      <PageHeading id={headingId}>{t('sessions.list.title')}</PageHeading>
      <fieldset className={styles.filter}>
        <legend className={styles.legend}>{t('sessions.list.range')}</legend>
        <Field className={styles.day} label={t('sessions.list.from')}>
          <Input
            type="date"
            value={range.from}
            onChange={(_event, { value }) => setRange({ ...range, from: value })}
          />
        </Field>
        <Field
          className={styles.day}
          label={t('sessions.list.to')}
          validationState={problem ? 'error' : 'none'}
          validationMessage={problem ? translate(problem) : undefined}
        >
          <Input
            type="date"
            value={range.to}
            onChange={(_event, { value }) => setRange({ ...range, to: value })}
          />
        </Field>
      </fieldset>
      {content}
    </section>
  );
}

/** The facts of one session as the table and the cards show them. */
function useSessionFacts(timeZone: string) {
  const { t } = useTranslation('common');
  return (session: TherapySession) => {
    const { key, ...values } = durationText(session.duration_seconds);
    return {
      when: formatDateTime(session.started_at, timeZone),
      duration: t(key, values),
      person: session.person || t('sessions.list.unknownPerson'),
      role: t(`sessions.role.${session.role}`),
      setting: session.setting ? t(`sessions.setting.${session.setting}`) : t('sessions.list.noSetting'),
      trials: String(session.trials),
      behaviors: String(session.behaviors),
    };
  };
}

function SessionBadges({ session }: { session: TherapySession }) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  if (session.ended_at !== null && !session.implicit) return null;
  return (
    <span className={styles.badges}>
      {session.ended_at === null && (
        <Badge appearance="filled" color="success">
          {t('sessions.list.running')}
        </Badge>
      )}
      {session.implicit && (
        <Badge appearance="tint" color="informative">
          {t('sessions.list.implicit')}
        </Badge>
      )}
    </span>
  );
}

const COLUMNS = ['duration', 'person', 'role', 'setting', 'trials', 'behaviors'] as const;

function SessionTable({ sessions, timeZone }: { sessions: readonly TherapySession[]; timeZone: string }) {
  const { t } = useTranslation('common');
  const tableStyles = useTableStyles();
  const factsOf = useSessionFacts(timeZone);
  return (
    <TableRegion label={t('sessions.list.tableRegion')}>
      <Table className={tableStyles.table} aria-label={t('sessions.list.tableLabel')}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('sessions.list.columns.when')}</TableHeaderCell>
            {COLUMNS.map((column) => (
              <TableHeaderCell key={column}>{t(`sessions.list.columns.${column}`)}</TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {sessions.map((session) => {
            const facts = factsOf(session);
            return (
              <TableRow key={session.id}>
                <TableCell className={mergeClasses(tableStyles.cell, tableStyles.top)}>
                  <span className={tableStyles.nowrap}>{facts.when}</span>
                  <SessionBadges session={session} />
                </TableCell>
                {COLUMNS.map((column) => (
                  <TableCell key={column} className={mergeClasses(tableStyles.cell, tableStyles.top)}>
                    {facts[column]}
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableRegion>
  );
}

function SessionCards({ sessions, timeZone }: { sessions: readonly TherapySession[]; timeZone: string }) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const cards = useCaptureCardStyles();
  const factsOf = useSessionFacts(timeZone);
  return (
    <ul className={cards.list} aria-label={t('sessions.list.tableLabel')}>
      {sessions.map((session) => {
        const facts = factsOf(session);
        return (
          <li key={session.id} className={cards.card}>
            <h3 className={cards.title}>{facts.when}</h3>
            <SessionBadges session={session} />
            <dl className={styles.facts}>
              {COLUMNS.map((column) => (
                <div key={column} className={styles.pair}>
                  <dt>{t(`sessions.list.columns.${column}`)}</dt>
                  <dd>{facts[column]}</dd>
                </div>
              ))}
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
