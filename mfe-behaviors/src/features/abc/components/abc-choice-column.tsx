import { ABC_TEXT_MAX } from '@aba/contracts/api';
import { useTranslation } from '@aba/web-kit';
import { LoadFailure } from '@aba/web-kit/forms';
import { Field, Input, makeStyles, Spinner, ToggleButton, tokens } from '@fluentui/react-components';
import { CheckmarkRegular } from '@fluentui/react-icons';
import { useEffect, useRef, type Dispatch } from 'react';
import { useErrorText } from '../../../lib/use-error-text.js';
import { visibleOptions, type AbcFormAction, type Choice, type Side } from '../hooks/abc-choice.js';

const useStyles = makeStyles({
  column: {
    flexGrow: 1,
    flexBasis: '16rem',
    minWidth: 0,
    margin: 0,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  legend: {
    padding: `0 ${tokens.spacingHorizontalXS}`,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
  options: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  option: {
    justifyContent: 'flex-start',
    textAlign: 'start',
    minHeight: '44px',
    width: '100%',
    whiteSpace: 'normal',
  },
  // The text field itself, not only its frame, is a 44 px target.
  input: { minHeight: '44px' },
  hint: {
    margin: `${tokens.spacingVerticalS} 0 0`,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
  },
});

export interface AbcChoiceColumnProps {
  side: Side;
  items: readonly string[] | undefined;
  loading: boolean;
  error: unknown;
  onReload: () => void;
  choice: Choice;
  dispatch: Dispatch<AbcFormAction>;
}

/**
 * One side of the ABC form: the server's list plus Other, single choice. Choosing an item hides the others,
 * choosing it again deselects it; Other opens a free-text field.
 */
export function AbcChoiceColumn({
  side,
  items,
  loading,
  error,
  onReload,
  choice,
  dispatch,
}: AbcChoiceColumnProps) {
  const { t } = useTranslation('behaviors');
  const styles = useStyles();
  const errorText = useErrorText();
  const visible = visibleOptions(choice, items ?? []);
  const otherInput = useRef<HTMLInputElement>(null);
  const otherChosen = choice.kind === 'other';

  useEffect(() => {
    if (otherChosen) otherInput.current?.focus();
  }, [otherChosen]);

  return (
    <fieldset className={styles.column}>
      <legend className={styles.legend}>{t(`abc.${side}`)}</legend>
      {error ? <LoadFailure onRetry={onReload}>{errorText(error)}</LoadFailure> : null}
      {loading ? <Spinner size="tiny" label={t('abc.listLoading')} labelPosition="after" /> : null}
      <div className={styles.options}>
        {visible.items.map((item) => {
          const chosen = choice.kind === 'item' && choice.value === item;
          return (
            <ToggleButton
              key={`item:${item}`}
              className={styles.option}
              checked={chosen}
              appearance={chosen ? 'primary' : 'secondary'}
              icon={chosen ? <CheckmarkRegular /> : undefined}
              onClick={() => dispatch({ side, type: 'choose', value: item })}
            >
              {item}
            </ToggleButton>
          );
        })}
        {visible.other ? (
          <ToggleButton
            key="other"
            className={styles.option}
            checked={otherChosen}
            appearance={otherChosen ? 'primary' : 'secondary'}
            icon={otherChosen ? <CheckmarkRegular /> : undefined}
            onClick={() => dispatch({ side, type: 'chooseOther' })}
          >
            {t('abc.other')}
          </ToggleButton>
        ) : null}
        {choice.kind === 'other' ? (
          <Field label={t(side === 'antecedent' ? 'abc.otherAntecedent' : 'abc.otherConsequence')}>
            <Input
              ref={otherInput}
              input={{ className: styles.input }}
              size="large"
              value={choice.text}
              maxLength={ABC_TEXT_MAX}
              placeholder={t('abc.otherPlaceholder')}
              autoComplete="off"
              onChange={(_event, data) => dispatch({ side, type: 'typeOther', text: data.value })}
            />
          </Field>
        ) : null}
      </div>
      {choice.kind !== 'none' ? <p className={styles.hint}>{t('abc.chosenHint')}</p> : null}
    </fieldset>
  );
}
