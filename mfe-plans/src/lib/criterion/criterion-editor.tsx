import {
  DATA_ROLES,
  DECISION_MODES,
  SCORINGS,
  type MasteryCriterion,
  type MasteryCriterionResponse,
  type StepRule,
} from '@aba/contracts/api';
import { Loading, useLicenceRedirectHandler, useTranslation } from '@aba/web-kit';
import { ActionError, LoadFailure, SubmitButton } from '@aba/web-kit/forms';
import { useTapTargetStyles } from '@aba/web-kit/capture';
import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Button,
  Checkbox,
  Field,
  Input,
  makeStyles,
  Radio,
  RadioGroup,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  useMasteryCriterionQuery,
  useSetMasteryCriterionMutation,
  type CriterionLevel,
} from '../api/mastery-criterion.js';
import { useToast } from '../toaster.js';
import { useErrorText } from '../use-error-text.js';
import {
  criterionToForm,
  formToCriterion,
  NUMBER_FIELDS,
  STEPS,
  withRole,
  withStepField,
  type CriterionField,
  type CriterionForm,
  type CriterionFormErrors,
  type Step,
} from './criterion-form.js';

const useStyles = makeStyles({
  panel: {
    display: 'grid',
    gap: tokens.spacingVerticalM,
    paddingBottom: tokens.spacingVerticalM,
    minWidth: 0,
  },
  text: { margin: 0, overflowWrap: 'anywhere' },
  source: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  step: {
    minWidth: 0,
    margin: 0,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    display: 'grid',
    gap: tokens.spacingVerticalS,
  },
  legend: { fontWeight: tokens.fontWeightSemibold, padding: `0 ${tokens.spacingHorizontalXS}` },
  numbers: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
  },
  // a text box's own width (20 characters) would push the second column out of a phone's screen
  field: { minWidth: 0 },
  input: { minHeight: '44px', width: '100%', minWidth: 0 },
  inputText: { minWidth: 0, width: '100%' },
  choice: { minHeight: '44px', alignItems: 'center' },
  // two long options side by side do not fit a phone
  choices: { flexWrap: 'wrap' },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  error: { margin: 0, color: tokens.colorPaletteRedForeground1 },
  summary: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalXL,
    display: 'grid',
    gap: tokens.spacingVerticalXS,
  },
});

export interface CriterionSectionProps {
  level: CriterionLevel;
  /** The caller may set the criterion (owner, coordinator); others read it. */
  canEdit: boolean;
  /** The section's heading, e.g. "Mastery criterion". */
  title: string;
}

/**
 * A collapsible section with the mastery criterion in effect at a child, a sub-plan or an item (issue 15): where it
 * comes from and, for the owner and coordinators, a form to set this level's own or to go back to the inherited one.
 * It is read only when opened.
 */
export function CriterionSection({ level, canEdit, title }: CriterionSectionProps) {
  return (
    <Accordion collapsible>
      <AccordionItem value="criterion">
        <AccordionHeader as="h3" size="large" expandIconPosition="end">
          {title}
        </AccordionHeader>
        <AccordionPanel>
          <CriterionEditor level={level} canEdit={canEdit} />
        </AccordionPanel>
      </AccordionItem>
    </Accordion>
  );
}

function CriterionEditor({ level, canEdit }: { level: CriterionLevel; canEdit: boolean }) {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const errorText = useErrorText();
  const { data, error, isFetching, refetch } = useMasteryCriterionQuery(level);
  if (!data) {
    return error ? (
      <LoadFailure onRetry={() => void refetch()}>{errorText(error)}</LoadFailure>
    ) : (
      <Loading announced label={t('criterion.loading')} />
    );
  }
  return (
    <div className={styles.panel} aria-busy={isFetching}>
      <p className={styles.source} data-testid="criterion-source">
        {t('criterion.inEffect', { source: t(`criterion.source.${data.criterion.source}`) })}
      </p>
      {canEdit ? (
        // A new criterion from the server (after a save) starts the form again from it.
        <CriterionFormView key={JSON.stringify(data)} level={level} current={data} />
      ) : (
        <CriterionSummary criterion={data.criterion} />
      )}
    </div>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

const STEP_STATUSES = {
  to_generalization: ['IN_LEARNING', 'IN_GENERALIZATION'],
  to_finished: ['IN_GENERALIZATION', 'FINISHED'],
} as const;

/** "In learning → In generalization". */
const stepTitle = (t: T, step: Step) => {
  const [from, to] = STEP_STATUSES[step];
  return t('criterion.step', { from: t(`itemStatus.${from}`), to: t(`itemStatus.${to}`) });
};

/** What a reader (a therapist) sees: the same values, as text. */
function CriterionSummary({ criterion }: { criterion: MasteryCriterion }) {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const values = (rule: StepRule) =>
    [
      ...NUMBER_FIELDS.map((field) => `${t(`criterion.field.${field}`)}: ${rule[field]}`),
      t(`criterion.scoring.${rule.scoring}`),
      t(`criterion.mode.${rule.mode}`),
    ].join(' · ');
  return (
    <>
      <ul className={styles.summary}>
        {STEPS.map((step) => (
          <li key={step} className={styles.text}>
            <strong>{stepTitle(t, step)}</strong>: {values(criterion[step])}
          </li>
        ))}
      </ul>
      <p className={styles.text}>
        {t('criterion.roles')}:{' '}
        {criterion.counted_roles.map((role) => t(`criterion.role.${role}`)).join(', ')}
      </p>
      <p className={styles.text}>{t('criterion.readOnly')}</p>
    </>
  );
}

function CriterionFormView({ level, current }: { level: CriterionLevel; current: MasteryCriterionResponse }) {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const tap = useTapTargetStyles();
  const errorText = useErrorText();
  const toast = useToast();
  const redirectIfUnlicensed = useLicenceRedirectHandler();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<CriterionForm>(() => criterionToForm(current.criterion));
  const [errors, setErrors] = useState<CriterionFormErrors>({});
  const [checks, setChecks] = useState(0);
  const [action, setAction] = useState<'save' | 'inherit' | null>(null);
  const [setCriterion, { error, reset }] = useSetMasteryCriterionMutation();
  const [failures, setFailures] = useState(0);

  // After a refused check the first field in error takes the focus (keyboard and screen reader users land on it).
  useEffect(() => {
    if (checks > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [checks]);

  const send = async (kind: 'save' | 'inherit', body: Parameters<typeof setCriterion>[0]['body']) => {
    reset();
    setAction(kind);
    try {
      await setCriterion({ level, body }).unwrap();
      toast(t(kind === 'save' ? 'criterion.saved' : 'criterion.inherited'));
    } catch (failure) {
      if (!redirectIfUnlicensed(failure)) setFailures((count) => count + 1);
    } finally {
      setAction(null);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (action) return;
    const result = formToCriterion(form);
    if (!result.ok) {
      setErrors(result.errors);
      setChecks((count) => count + 1);
      return;
    }
    setErrors({});
    void send('save', result.criterion);
  };

  const fieldError = (field: CriterionField) => {
    const key = errors[field];
    return key ? { validationState: 'error' as const, validationMessage: t(`serverErrors.${key}`) } : {};
  };

  return (
    <form ref={formRef} className={styles.panel} noValidate onSubmit={onSubmit}>
      {STEPS.map((step) => (
        <fieldset key={step} className={styles.step}>
          <legend className={styles.legend}>{stepTitle(t, step)}</legend>
          <div className={styles.numbers}>
            {NUMBER_FIELDS.map((field) => (
              <Field key={field} label={t(`criterion.field.${field}`)} {...fieldError(`${step}.${field}`)}>
                <Input
                  className={styles.input}
                  input={{ className: styles.inputText }}
                  inputMode="numeric"
                  name={`${step}.${field}`}
                  value={form[step][field]}
                  contentAfter={field === 'threshold_pct' ? <span aria-hidden>%</span> : undefined}
                  onChange={(_event, data) => setForm((now) => withStepField(now, step, field, data.value))}
                />
              </Field>
            ))}
          </div>
          <Field label={t('criterion.field.scoring')} {...fieldError(`${step}.scoring`)}>
            <RadioGroup
              className={styles.choices}
              layout="horizontal"
              name={`${id}-${step}-scoring`}
              value={form[step].scoring}
              onChange={(_event, data) =>
                setForm((now) => withStepField(now, step, 'scoring', data.value as (typeof SCORINGS)[number]))
              }
            >
              {SCORINGS.map((scoring) => (
                <Radio
                  key={scoring}
                  className={styles.choice}
                  value={scoring}
                  label={t(`criterion.scoring.${scoring}`)}
                />
              ))}
            </RadioGroup>
          </Field>
          <Field label={t('criterion.field.mode')} {...fieldError(`${step}.mode`)}>
            <RadioGroup
              className={styles.choices}
              layout="horizontal"
              name={`${id}-${step}-mode`}
              value={form[step].mode}
              onChange={(_event, data) =>
                setForm((now) =>
                  withStepField(now, step, 'mode', data.value as (typeof DECISION_MODES)[number]),
                )
              }
            >
              {DECISION_MODES.map((mode) => (
                <Radio
                  key={mode}
                  className={styles.choice}
                  value={mode}
                  label={t(`criterion.mode.${mode}`)}
                />
              ))}
            </RadioGroup>
          </Field>
        </fieldset>
      ))}
      <fieldset className={styles.step}>
        <legend className={styles.legend}>{t('criterion.roles')}</legend>
        <div className={tap.row}>
          {DATA_ROLES.map((role) => (
            <Checkbox
              key={role}
              className={styles.choice}
              checked={form.counted_roles.includes(role)}
              label={t(`criterion.role.${role}`)}
              aria-invalid={errors.counted_roles ? true : undefined}
              aria-describedby={errors.counted_roles ? `${id}-roles-error` : undefined}
              onChange={(_event, data) => setForm((now) => withRole(now, role, data.checked === true))}
            />
          ))}
        </div>
        {errors.counted_roles ? (
          <p id={`${id}-roles-error`} className={styles.error}>
            {t(`serverErrors.${errors.counted_roles}`)}
          </p>
        ) : null}
      </fieldset>
      <div className={styles.actions}>
        <SubmitButton busy={action === 'save'}>{t('criterion.save')}</SubmitButton>
        {current.own ? (
          <Button
            className={tap.target}
            disabledFocusable={action !== null}
            icon={action === 'inherit' ? <Spinner size="tiny" /> : undefined}
            onClick={() => void send('inherit', { inherit: true })}
          >
            {t('criterion.inherit')}
          </Button>
        ) : null}
      </div>
      {error ? <ActionError focusKey={failures}>{errorText(error)}</ActionError> : null}
    </form>
  );
}
