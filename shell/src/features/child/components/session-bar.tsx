import { mayOnChild, SESSION_SETTINGS, type Child, type SessionSetting } from '@aba/contracts/api';
import {
  dayOf,
  Link,
  useAppDispatch,
  useChildChanges,
  useLocation,
  useServerErrorTranslator,
  useSession,
  useTranslation,
} from '@aba/web-kit';
import { captureNow } from '@aba/web-kit/capture';
import { ActionError, ErrorBanner } from '@aba/web-kit/forms';
import { isKeptOnDevice, listenForSentCaptures, useOutboxStatus } from '@aba/web-kit/outbox';
import { Button, makeStyles, Select, Spinner, tokens } from '@fluentui/react-components';
import { HistoryRegular, PlayRegular, StopRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import {
  useChildSessionsQuery,
  useEndSessionMutation,
  useStartSessionMutation,
  sessionsChanged,
} from '../api/sessions-api.js';
import {
  durationText,
  elapsedSeconds,
  msUntilNextMinute,
  runningLookupFrom,
  runningOnDevice,
  runningSessionOf,
} from '../utils/sessions-view.js';

const BAR_HEIGHT = '44px';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'nowrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minHeight: BAR_HEIGHT,
    marginBottom: tokens.spacingVerticalM,
    minWidth: 0,
  },
  status: {
    flexGrow: 1,
    flexShrink: 1,
    minWidth: 0,
    overflowWrap: 'anywhere',
    fontWeight: tokens.fontWeightSemibold,
  },
  setting: { flexShrink: 1, minWidth: '5.5rem', maxWidth: '9rem', '& select': { height: BAR_HEIGHT } },
  touch: { minHeight: BAR_HEIGHT, minWidth: BAR_HEIGHT, flexShrink: 0 },
  list: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    minHeight: BAR_HEIGHT,
    minWidth: BAR_HEIGHT,
    marginLeft: 'auto',
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorBrandForegroundLink,
    fontSize: '20px',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
});

/** What the last start or end led to when it failed; `attempt` moves the focus to the error again on each failure. */
type Failure = { action: 'start' | 'end'; error: unknown; attempt: number } | null;

/**
 * The session bar of the child pages (issue 15), one line under the child's name: with no running session of the
 * signed-in user with this child, a setting (optional) and Start session; with one, "Session running · 12 min" (the
 * minutes tick on the device) and End; always a link to the child's sessions. Starting is never required (a trial opens
 * a session by itself), so the bar stays small and blocks nothing. The running state is read again when the page
 * comes back into view, on every move between the child's pages and after a start or an end: a session the server
 * ended after 30 idle minutes then shows as not running. A start or an end the phone keeps (offline) shows at once, from
 * the outbox, and says it is kept on the phone.
 */
export function SessionBar({ child }: { child: Child }) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const translate = useServerErrorTranslator();
  const userId = useSession().user?.id ?? null;
  const today = dayOf(new Date(), child.time_zone) ?? '';
  const { data, error, isError, isFetching, fulfilledTimeStamp, refetch } = useChildSessionsQuery(
    { childId: child.id, from: runningLookupFrom(today) },
    { refetchOnMountOrArgChange: true },
  );
  useReadAgainOnReturn(() => {
    if (!isFetching) void refetch();
  });
  const { records } = useOutboxStatus(userId ?? undefined);
  const running = runningOnDevice(runningSessionOf(data, userId), records, child.id);
  // A start or an end the phone kept reaches the server later: the bar reads the sessions again then.
  useEffect(() => listenForSentCaptures(() => void refetch()), [refetch]);
  // A session started or ended elsewhere (this user's other device, a colleague): the bar and the list read again.
  const dispatch = useAppDispatch();
  useChildChanges(child.id, (change) => {
    if (change.kind === 'session' || change.kind === 'reconnected') dispatch(sessionsChanged(child.id));
  });
  const [setting, setSetting] = useState<SessionSetting | ''>('');
  const [startSession, { isLoading: starting }] = useStartSessionMutation();
  const [endSession, { isLoading: ending }] = useEndSessionMutation();
  const [failure, setFailure] = useState<Failure>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const endButton = useRef<HTMLButtonElement>(null);
  const focusAfterChange = useRef<'start' | 'end' | null>(null);
  const listPath = `/child/${encodeURIComponent(child.id)}/sessions`;

  // After a start the focus goes to End, after an end to Start (the button tapped is gone), once the bar shows it.
  useEffect(() => {
    const pending = focusAfterChange.current;
    const target = pending === 'start' ? endButton.current : pending === 'end' ? startButton.current : null;
    if (target) {
      focusAfterChange.current = null;
      target.focus();
    }
  }, [running?.id]);

  if (!mayOnChild(child.relation, 'evaluate')) return null;

  const act = async (action: 'start' | 'end') => {
    setFailure(null);
    if (action === 'end' && !running) return;
    // Set before the call: the bar may show its answer before the call's promise settles here.
    focusAfterChange.current = action;
    const capture = captureNow();
    const caller = userId ?? undefined;
    try {
      if (running && action === 'end')
        await endSession({ childId: child.id, sessionId: running.id, userId: caller, capture }).unwrap();
      else
        await startSession({
          childId: child.id,
          userId: caller,
          capture,
          ...(setting ? { setting } : {}),
        }).unwrap();
    } catch (failed) {
      // Kept on the phone: the bar shows it from the outbox, and the outbox sends it.
      if (isKeptOnDevice(failed)) return;
      focusAfterChange.current = null;
      setFailure((last) => ({ action, error: failed, attempt: (last?.attempt ?? 0) + 1 }));
    }
  };
  const busy = starting || ending;

  let content;
  if (data === undefined) {
    // Nothing known yet: the bar keeps its height, so the page below does not move when it fills.
    content = null;
  } else if (running) {
    content = (
      <>
        <span className={styles.status} data-testid="session-running">
          <RunningDuration key={`${running.id}:${fulfilledTimeStamp ?? 0}`} startedAt={running.started_at} />
          {running.kept ? ` ${t('sessions.bar.keptOnDevice')}` : null}
        </span>
        <Button
          ref={endButton}
          className={styles.touch}
          icon={ending ? <Spinner size="tiny" /> : <StopRegular />}
          disabledFocusable={busy}
          aria-label={t('sessions.bar.endLabel')}
          onClick={() => void act('end')}
        >
          {t('sessions.bar.end')}
        </Button>
      </>
    );
  } else {
    content = (
      <>
        <Select
          className={styles.setting}
          aria-label={t('sessions.bar.settingLabel')}
          value={setting}
          onChange={(_event, { value }) => setSetting(value as SessionSetting | '')}
        >
          <option value="">{t('sessions.bar.noSetting')}</option>
          {SESSION_SETTINGS.map((value) => (
            <option key={value} value={value}>
              {t(`sessions.setting.${value}`)}
            </option>
          ))}
        </Select>
        <Button
          ref={startButton}
          appearance="primary"
          className={styles.touch}
          icon={starting ? <Spinner size="tiny" /> : <PlayRegular />}
          disabledFocusable={busy}
          onClick={() => void act('start')}
        >
          {t('sessions.bar.start')}
        </Button>
      </>
    );
  }

  return (
    <div role="group" aria-label={t('sessions.bar.label')} aria-busy={data === undefined && !isError}>
      <div className={styles.bar}>
        {content}
        <Link
          to={listPath}
          className={styles.list}
          aria-label={t('sessions.bar.list')}
          title={t('sessions.bar.list')}
        >
          <HistoryRegular aria-hidden />
        </Link>
      </div>
      {isError && (
        <ErrorBanner
          action={
            <Button size="small" disabledFocusable={isFetching} onClick={() => void refetch()}>
              {t('actions.retry')}
            </Button>
          }
        >
          {t('sessions.bar.readFailed', { message: translate(error) })}
        </ErrorBanner>
      )}
      {failure && (
        <ActionError
          focusKey={failure.attempt}
          action={
            <Button size="small" disabledFocusable={busy} onClick={() => void act(failure.action)}>
              {t('actions.retry')}
            </Button>
          }
        >
          {t(failure.action === 'start' ? 'sessions.bar.startFailed' : 'sessions.bar.endFailed', {
            message: translate(failure.error),
          })}
        </ActionError>
      )}
    </div>
  );
}

/** "Session running · 12 min", from the session's start on the device's clock, changing when the minute does. */
function RunningDuration({ startedAt }: { startedAt: string }) {
  const { t } = useTranslation('common');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setTimeout(() => setNow(Date.now()), msUntilNextMinute(startedAt, now));
    return () => clearTimeout(timer);
  }, [startedAt, now]);
  const { key, ...values } = durationText(elapsedSeconds(startedAt, now));
  return <>{t('sessions.bar.running', { duration: t(key, values) })}</>;
}

/** Calls `readAgain` when the page comes back into view (tab, window, phone unlocked) and on a move to another page. */
function useReadAgainOnReturn(readAgain: () => void) {
  const latest = useRef(readAgain);
  useEffect(() => {
    latest.current = readAgain;
  });
  useEffect(() => {
    const onReturn = () => {
      if (document.visibilityState === 'visible') latest.current();
    };
    window.addEventListener('focus', onReturn);
    document.addEventListener('visibilitychange', onReturn);
    return () => {
      window.removeEventListener('focus', onReturn);
      document.removeEventListener('visibilitychange', onReturn);
    };
  }, []);
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    latest.current();
  }, [pathname]);
}
