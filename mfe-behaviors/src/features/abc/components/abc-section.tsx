import { useTranslation } from '@aba/web-kit';
import { Field, makeStyles, Select, tokens } from '@fluentui/react-components';
import { useCallback, useId, useState } from 'react';
import { abcFormReducer, EMPTY_ABC_FORM, type AbcFormAction, type AbcFormState } from '../hooks/abc-choice.js';
import { AbcForm } from './abc-form.js';
import { AbcLogTable } from './abc-log-table.js';

const useStyles = makeStyles({
  section: {
    marginTop: tokens.spacingVerticalXXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    minWidth: 0,
  },
  title: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  select: { maxWidth: '28rem' },
  control: { minHeight: '44px' },
  empty: { margin: 0, color: tokens.colorNeutralForeground3 },
});

export interface AbcSectionProps {
  childId: string;
  /** The child's behaviours (from the page), by name. */
  behaviors: readonly { id: string; name: string }[] | undefined;
  /** Whether the caller may log ABC entries (the log is shown to everyone on the team). */
  canLog: boolean;
  /** The behaviour picked (or last logged), if any. */
  selectedId: string | null;
  onSelect: (behaviorId: string) => void;
}

/**
 * "Behavior ABC": a behaviour select, the ABC form for it and its log. The choices not yet saved are kept per
 * behaviour: when the picker moves (the user picks another, or logs another with Log behavior), coming back finds them.
 */
export function AbcSection({ childId, behaviors, canLog, selectedId, onSelect }: AbcSectionProps) {
  const { t } = useTranslation('behaviors');
  const styles = useStyles();
  const titleId = useId();
  const [drafts, setDrafts] = useState<Record<string, AbcFormState>>({});
  // The selected behaviour, or the first one (also when the selected one was deleted).
  const behavior = behaviors?.find((entry) => entry.id === selectedId) ?? behaviors?.[0];
  const behaviorId = behavior?.id;
  const dispatch = useCallback(
    (action: AbcFormAction) => {
      if (!behaviorId) return;
      setDrafts((all) => ({ ...all, [behaviorId]: abcFormReducer(all[behaviorId] ?? EMPTY_ABC_FORM, action) }));
    },
    [behaviorId],
  );
  if (!behaviors) return null;

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.title}>
        {t('abc.title')}
      </h3>
      {behavior ? (
        <>
          <Field label={t('abc.behavior')} className={styles.select}>
            <Select
              className={styles.control}
              select={{ className: styles.control }}
              value={behavior.id}
              onChange={(_event, data) => onSelect(data.value)}
            >
              {behaviors.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.name}
                </option>
              ))}
            </Select>
          </Field>
          {canLog ? (
            <AbcForm
              key={behavior.id}
              childId={childId}
              behavior={behavior}
              state={drafts[behavior.id] ?? EMPTY_ABC_FORM}
              dispatch={dispatch}
            />
          ) : null}
          <AbcLogTable childId={childId} behavior={behavior} />
        </>
      ) : (
        <p className={styles.empty}>{t('abc.noBehaviors')}</p>
      )}
    </section>
  );
}
