import type { MasterySuggestion } from '@aba/contracts/api';
import { formatDate, formatDateTime, Link, useTranslation } from '@aba/web-kit';
import { useTapTargetStyles } from '@aba/web-kit/capture';
import { Button, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { useId } from 'react';
import { ruleText } from '../../../lib/criterion/rule-text.js';
import { paths } from '../../../lib/route-paths.js';

const useStyles = makeStyles({
  card: {
    minWidth: 0,
    display: 'grid',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  title: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  link: {
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: '44px',
    overflowWrap: 'anywhere',
    color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'underline',
  },
  text: { margin: 0, overflowWrap: 'anywhere' },
  when: { margin: 0, color: tokens.colorNeutralForeground2 },
  sessions: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
});

export interface SuggestionCardProps {
  suggestion: MasterySuggestion;
  childId: string;
  /** Accept and Reject are shown (owner, coordinators). */
  canDecide: boolean;
  accepting: boolean;
  onAccept: () => void;
  onReject: () => void;
}

/** One suggested change: the item (a link to its progress), from → to, when, the sessions it rests on and why. */
export function SuggestionCard({
  suggestion,
  childId,
  canDecide,
  accepting,
  onAccept,
  onReject,
}: SuggestionCardProps) {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const tap = useTapTargetStyles();
  const titleId = useId();
  const name = suggestion.item_description;
  const change = t('toConfirm.change', {
    from: t(`itemStatus.${suggestion.from}`),
    to: t(`itemStatus.${suggestion.to}`),
  });
  // The evidence's own text is recorded in one language; the rule it met is said in the reader's.
  const { sessions, rule } = suggestion.evidence;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.title}>
        <Link className={styles.link} to={paths.itemProgress(childId, suggestion.item_id)}>
          {name}
        </Link>
      </h3>
      <p className={styles.text}>{change}</p>
      <p className={styles.when}>{t('toConfirm.when', { date: formatDateTime(suggestion.created_at) })}</p>
      {sessions.length > 0 ? (
        <ul className={styles.sessions} aria-label={t('toConfirm.sessions', { name })}>
          {sessions.map((session) => (
            <li key={session.session_id} className={styles.text}>
              {t('toConfirm.session', {
                date: formatDate(session.date),
                person: session.person,
                yes: session.yes,
                trials: session.trials,
                pct: session.pct,
              })}
            </li>
          ))}
        </ul>
      ) : null}
      {rule ? <p className={styles.text}>{t('toConfirm.met', { rule: ruleText(t, rule) })}</p> : null}
      {canDecide ? (
        <div className={styles.actions}>
          <Button
            className={tap.target}
            appearance="primary"
            disabledFocusable={accepting}
            icon={accepting ? <Spinner size="tiny" /> : undefined}
            aria-label={t('toConfirm.acceptNamed', { name, change })}
            onClick={onAccept}
          >
            {t('toConfirm.accept')}
          </Button>
          <Button
            className={tap.target}
            disabledFocusable={accepting}
            aria-label={t('toConfirm.rejectNamed', { name })}
            onClick={onReject}
          >
            {t('toConfirm.reject')}
          </Button>
        </div>
      ) : null}
    </article>
  );
}
