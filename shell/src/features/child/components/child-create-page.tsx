import { CONSENT_VERSION, ConsentMessages } from '@aba/contracts/api';
import { PageHeading, useServerErrorTranslator, useTranslation } from '@aba/web-kit';
import { ErrorBanner, useFormStyles, SubmitButton } from '@aba/web-kit/forms';
import { Checkbox, Field, Input } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { ChildAddedStep } from './child-added-step.js';
import { useCreateChildMutation } from '../api/children-api.js';
import { EMPTY_CHILD_FORM, childFormError, createChildRequest, localIsoDate, type ChildFormValues } from '../utils/child-form.js';
import { fullName } from '../utils/child-view.js';

/**
 * /child/create (spec §2, §5): first name, last name and date of birth (not after today), checked with
 * `childFormProblem` before sending, and the parent's consent to the consent text (issue 17), sent with its version;
 * the server's errors show translated in the red banner and what was typed stays. After creating, a neutral step says the child was added and that a licence starts the work (issue 13,
 * point 13), instead of opening the new, unlicensed child's pages on the red no-licence error.
 */
export function ChildCreatePage() {
  const { t } = useTranslation('common');
  const translateError = useServerErrorTranslator();
  const form = useFormStyles();
  const [createChild, { isLoading }] = useCreateChildMutation();
  const [values, setValues] = useState<ChildFormValues>(EMPTY_CHILD_FORM);
  const [consented, setConsented] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [added, setAdded] = useState<string | null>(null);
  const today = localIsoDate();

  const field = (name: keyof ChildFormValues) => (_event: unknown, data: { value: string }) =>
    setValues((current) => ({ ...current, [name]: data.value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const problem = childFormError(values, today) ?? (consented ? null : ConsentMessages.required);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    try {
      await createChild({ ...createChildRequest(values), consent_version: CONSENT_VERSION }).unwrap();
      setAdded(fullName(values));
    } catch (failure) {
      setError(failure);
    }
  };

  if (added !== null) {
    return (
      <section>
        <PageHeading>{t('childCreate.title')}</PageHeading>
        <ChildAddedStep
          name={added}
          onAddAnother={() => {
            setValues(EMPTY_CHILD_FORM);
            setConsented(false);
            setAdded(null);
          }}
        />
      </section>
    );
  }

  return (
    <section>
      <PageHeading>{t('childCreate.title')}</PageHeading>
      <form className={form.form} onSubmit={onSubmit} noValidate aria-label={t('childCreate.formLabel')}>
        {error !== null && <ErrorBanner>{translateError(error)}</ErrorBanner>}
        <Field label={t('childCreate.firstName')} required>
          <Input name="first_name" autoComplete="off" value={values.first_name} onChange={field('first_name')} />
        </Field>
        <Field label={t('childCreate.lastName')} required>
          <Input name="last_name" autoComplete="off" value={values.last_name} onChange={field('last_name')} />
        </Field>
        <Field label={t('childCreate.dateOfBirth')} required hint={t('childCreate.dateOfBirthHint')}>
          <Input
            type="date"
            name="date_of_birth"
            min="1900-01-01"
            max={today}
            value={values.date_of_birth}
            onChange={field('date_of_birth')}
          />
        </Field>
        <Field required hint={t('consent.version', { version: CONSENT_VERSION })}>
          <Checkbox
            name="consent"
            checked={consented}
            onChange={(_event, data) => setConsented(data.checked === true)}
            label={t('consent.statement')}
          />
        </Field>
        <div className={form.actions}>
          <SubmitButton busy={isLoading}>{t('childCreate.submit')}</SubmitButton>
        </div>
      </form>
    </section>
  );
}
