import type { Child } from '@aba/contracts/api';
import {
  EmptyState,
  formatDateTime,
  PageHeading,
  useServerErrorTranslator,
  useSession,
  useTranslation,
} from '@aba/web-kit';
import {
  askPersistentStorage,
  discardCapture,
  flushNow,
  isOverdue,
  retryCapture,
  useOutboxStatus,
  type OutboxRecord,
  type Persistence,
} from '@aba/web-kit/outbox';
import { ConfirmDialog } from '@aba/web-kit/forms';
import { Button, makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { ArrowSyncRegular, DeleteRegular } from '@fluentui/react-icons';
import { useChildListQuery } from '../api/children-api.js';

const useStyles = makeStyles({
  intro: { margin: `0 0 ${tokens.spacingVerticalM}` },
  notice: { marginBottom: tokens.spacingVerticalM },
  send: { minHeight: '44px', marginBottom: tokens.spacingVerticalL },
  child: { margin: `${tokens.spacingVerticalL} 0 ${tokens.spacingVerticalS}` },
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  record: {
    padding: tokens.spacingVerticalS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  alarm: { borderLeft: `${tokens.strokeWidthThickest} solid ${tokens.colorPaletteRedBorder2}` },
  state: { margin: `${tokens.spacingVerticalXXS} 0 0` },
  alarmText: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    marginTop: tokens.spacingVerticalS,
  },
  action: { minHeight: '44px' },
});

/** The user's captures on this phone by child, oldest first (the outbox keeps its order). */
function byChild(records: readonly OutboxRecord[]): Map<string, OutboxRecord[]> {
  const groups = new Map<string, OutboxRecord[]>();
  for (const record of records) groups.set(record.childId, [...(groups.get(record.childId) ?? []), record]);
  return groups;
}

/**
 * `/outbox` (beyond the spec): what this phone has recorded that the server does not have yet (issue 16): by child, each with what it is, when it
 * was captured and its state (waiting, with the failed sends; needs attention, with the server's reason); red when it
 * needs a person or has waited over 24 hours online. "Send now" asks the sync to try at once. One the server refused
 * can be sent again (the reason may be gone: access given back, a licence renewed) or, once confirmed, discarded. It
 * says when the browser does not promise to keep them (and that the app on the home screen makes it keep them).
 */
export function OutboxPage() {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const translate = useServerErrorTranslator();
  const session = useSession();
  const userId = session.status === 'logged-in' ? session.user?.id : undefined;
  const { records, lastSyncAt, read } = useOutboxStatus(userId);
  const { data: children } = useChildListQuery();
  const nameOf = (childId: string) => {
    const child = children?.find((candidate: Child) => candidate.id === childId);
    return child ? `${child.first_name} ${child.last_name}` : t('outbox.unknownChild');
  };
  const [persistence, setPersistence] = useState<Persistence | null>(null);
  useEffect(() => {
    void askPersistentStorage().then(setPersistence, () => setPersistence('unsupported'));
  }, []);
  const [discarding, setDiscarding] = useState<OutboxRecord | null>(null);
  const [changeFailed, setChangeFailed] = useState(false);
  const change = (run: () => Promise<void>) => {
    setChangeFailed(false);
    run().catch(() => setChangeFailed(true));
  };
  const now = Date.now();
  const online = navigator.onLine;
  const describe = (record: OutboxRecord) =>
    `${t(`outbox.kind.${record.kind}`, { result: resultOf(record, t) })} · ${t('outbox.capturedAt', {
      time: formatDateTime(record.capturedAt),
    })}`;

  return (
    <section>
      <PageHeading>{t('outbox.title')}</PageHeading>
      <p className={styles.intro}>
        {t('outbox.lastSync', { time: lastSyncAt ? formatDateTime(lastSyncAt) : t('outbox.neverSynced') })}
      </p>
      {persistence === 'refused' || persistence === 'unsupported' ? (
        <MessageBar className={styles.notice} intent="warning" layout="multiline" role="note">
          <MessageBarBody>{t('outbox.notPersistent')}</MessageBarBody>
        </MessageBar>
      ) : null}
      {changeFailed ? (
        <MessageBar className={styles.notice} intent="error" layout="multiline" role="alert">
          <MessageBarBody>{t('outbox.changeFailed')}</MessageBarBody>
        </MessageBar>
      ) : null}
      {!read ? (
        <EmptyState>{t('outbox.unavailable')}</EmptyState>
      ) : records.length === 0 ? (
        <EmptyState>{t('outbox.empty')}</EmptyState>
      ) : (
        <>
          <Button className={styles.send} appearance="primary" icon={<ArrowSyncRegular />} onClick={flushNow}>
            {t('outbox.sendNow')}
          </Button>
          {[...byChild(records)].map(([childId, kept]) => (
            <section key={childId} aria-labelledby={`outbox-${childId}`}>
              <h2 id={`outbox-${childId}`} className={styles.child}>
                {nameOf(childId)}
              </h2>
              <ul className={styles.list}>
                {kept.map((record) => {
                  const overdue = isOverdue(record, now, online);
                  const alarming = Boolean(record.attention) || overdue;
                  return (
                    <li
                      key={record.id}
                      className={alarming ? `${styles.record} ${styles.alarm}` : styles.record}
                    >
                      <strong>{describe(record)}</strong>
                      <p className={alarming ? `${styles.state} ${styles.alarmText}` : styles.state}>
                        {record.attention
                          ? t('outbox.needsAttention', {
                              error: translate({
                                status: record.attention.status,
                                data: { error: record.attention.error },
                              }),
                            })
                          : overdue
                            ? t('outbox.overdue', { attempts: record.attempts })
                            : t('outbox.waiting', { attempts: record.attempts })}
                      </p>
                      {record.attention ? (
                        <div className={styles.actions}>
                          <Button
                            className={styles.action}
                            icon={<ArrowSyncRegular />}
                            aria-label={t('outbox.retryLabel', { what: describe(record) })}
                            onClick={() => change(() => retryCapture(record.id))}
                          >
                            {t('outbox.retry')}
                          </Button>
                          <Button
                            className={styles.action}
                            icon={<DeleteRegular />}
                            aria-label={t('outbox.discardLabel', { what: describe(record) })}
                            onClick={() => setDiscarding(record)}
                          >
                            {t('outbox.discard')}
                          </Button>
                        </div>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
        </>
      )}
      <ConfirmDialog
        open={discarding !== null}
        title={t('outbox.discardTitle')}
        confirmLabel={t('outbox.discardConfirm')}
        cancelLabel={t('outbox.discardCancel')}
        onConfirm={() => {
          if (discarding) change(() => discardCapture(discarding.id));
          setDiscarding(null);
        }}
        onCancel={() => setDiscarding(null)}
      >
        {discarding ? t('outbox.discardBody', { what: describe(discarding) }) : null}
      </ConfirmDialog>
    </section>
  );
}

/** An evaluation's answer as the screens say it (Da / Nu); empty for the other kinds. */
function resultOf(record: OutboxRecord, t: (key: string) => string): string {
  const result = record.body.result;
  return result === 'YES' || result === 'NO' ? t(`outbox.result.${result}`) : '';
}
