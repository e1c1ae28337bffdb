import { PlanLimits } from '@aba/contracts/api';
import {
  Loading,
  PageHeading,
  useLicenceRedirect,
  useLicenceRedirectHandler,
  useNavigate,
  useParams,
  useTranslation,
} from '@aba/web-kit';
import { ErrorBanner, LoadFailure, useFormStyles } from '@aba/web-kit/forms';
import { Button, Field, Input, Textarea } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { usePlanByIdQuery } from '../../../lib/api/get-plan.js';
import { paths } from '../../../lib/route-paths.js';
import type { PlanKind } from '../../../lib/tags.js';
import { useChildId } from '../../../lib/use-child.js';
import { useErrorText } from '../../../lib/use-error-text.js';
import { useSavePlanMutation } from '../api/save-plan.js';
import { checkPlanForm, type PlanFormValues } from '../hooks/plan-form.js';

/** /plan/create, /plan/{planId}/edit, /sub-plan/create, /sub-plan/{planId}/edit: name and description (spec §5). */
export function PlanFormPage({ kind, mode }: { kind: PlanKind; mode: 'create' | 'edit' }) {
  const { t } = useTranslation('plans');
  const errorText = useErrorText();
  const childId = useChildId();
  const planId = useParams().planId ?? '';
  const editing = mode === 'edit';
  const {
    data,
    error: loadError,
    isLoading,
    refetch,
  } = usePlanByIdQuery({ kind, childId, id: planId }, { skip: !editing, refetchOnMountOrArgChange: true });
  const redirecting = useLicenceRedirect(loadError);
  const k = kind === 'plan' ? 'plan' : 'subPlan';
  const title = t(`${k}.form.${editing ? 'editTitle' : 'createTitle'}`);

  if (redirecting) return <Loading announced label={t('common.loading')} />;
  return (
    <section>
      <PageHeading>{title}</PageHeading>
      {editing && loadError ? (
        <LoadFailure onRetry={() => void refetch()}>{errorText(loadError)}</LoadFailure>
      ) : null}
      {editing && isLoading ? <Loading announced label={t(`${k}.form.loading`)} /> : null}
      {!editing || data ? (
        <PlanForm
          key={data?.plan.id ?? 'new'}
          kind={kind}
          childId={childId}
          id={editing ? data?.plan.id : undefined}
          initial={{ name: data?.plan.name ?? '', description: data?.plan.description ?? '' }}
        />
      ) : null}
    </section>
  );
}

function PlanForm({
  kind,
  childId,
  id,
  initial,
}: {
  kind: PlanKind;
  childId: string;
  id?: string;
  initial: PlanFormValues;
}) {
  const { t } = useTranslation('plans');
  const formStyles = useFormStyles();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const redirectIfUnlicensed = useLicenceRedirectHandler();
  const [values, setValues] = useState<PlanFormValues>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<unknown>(null);
  const [save, { isLoading: saving }] = useSavePlanMutation();
  const check = checkPlanForm(values);
  const showProblem = submitted && check.problem !== null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (check.problem) return;
    try {
      await save({
        kind,
        childId,
        id,
        name: values.name.trim(),
        description: values.description.trim(),
      }).unwrap();
      navigate(paths.list(childId, kind));
    } catch (failure) {
      if (!redirectIfUnlicensed(failure)) setServerError(failure);
    }
  };

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate>
      {showProblem ? <ErrorBanner>{errorText(check.problem)}</ErrorBanner> : null}
      {serverError ? <ErrorBanner>{errorText(serverError)}</ErrorBanner> : null}
      <Field
        label={t('form.name')}
        required
        validationState={submitted && check.invalid.name ? 'error' : 'none'}
        validationMessage={
          submitted && check.invalid.name
            ? values.name.trim() === ''
              ? t('form.required')
              : errorText(check.problem)
            : undefined
        }
      >
        <Input
          value={values.name}
          maxLength={PlanLimits.nameMax}
          onChange={(_event, data) => setValues((current) => ({ ...current, name: data.value }))}
        />
      </Field>
      <Field
        label={t('form.description')}
        required
        validationState={submitted && check.invalid.description ? 'error' : 'none'}
        validationMessage={
          submitted && check.invalid.description
            ? values.description.trim() === ''
              ? t('form.required')
              : errorText(check.problem)
            : undefined
        }
      >
        <Textarea
          value={values.description}
          resize="vertical"
          rows={4}
          maxLength={PlanLimits.descriptionMax}
          onChange={(_event, data) => setValues((current) => ({ ...current, description: data.value }))}
        />
      </Field>
      <div className={formStyles.actions}>
        <Button appearance="primary" type="submit" disabled={saving}>
          {saving ? t('form.saving') : t('form.save')}
        </Button>
        <Button type="button" onClick={() => navigate(paths.list(childId, kind))}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
