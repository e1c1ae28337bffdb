import { errorMessageOf, useServerErrorTranslator } from '@aba/web-kit';
import { ErrorBanner, SubmitButton, SuccessBanner, useFormStyles } from '@aba/web-kit/forms';
import { Field, Input, makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { useId, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';

const useStyles = makeStyles({
  section: {
    marginTop: tokens.spacingVerticalXXXL,
    scrollMarginTop: tokens.spacingVerticalXXL,
    borderRadius: tokens.borderRadiusMedium,
    ':focus': { outline: 'none' },
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '4px',
    },
  },
  heading: { ...typographyStyles.subtitle1, margin: `0 0 ${tokens.spacingVerticalS}` },
  note: {
    ...typographyStyles.body1,
    margin: `0 0 ${tokens.spacingVerticalM}`,
    color: tokens.colorNeutralForeground2,
    overflowWrap: 'anywhere',
  },
  // Tap targets of at least 44 × 44 px (WCAG 2.5.5).
  input: { '& input': { minHeight: '44px' } },
});

/**
 * A part of /account below the account's own form that changes one thing asking the current password (the e-mail,
 * the password): its heading and notes, then its form with what was refused (translated) or done, the fields, and
 * the submit button.
 */
export function AccountSectionForm({
  title,
  notes,
  formLabel,
  submitLabel,
  busy,
  error,
  done,
  onSubmit,
  children,
}: {
  title: string;
  notes: readonly string[];
  formLabel: string;
  submitLabel: string;
  busy: boolean;
  error: unknown;
  done: string | null;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  const translateError = useServerErrorTranslator();
  const form = useFormStyles();
  return (
    <AccountSection title={title} notes={notes}>
      <form className={form.form} onSubmit={onSubmit} noValidate aria-label={formLabel}>
        {error !== null && <ErrorBanner>{translateError(error)}</ErrorBanner>}
        {done !== null && <SuccessBanner>{translateError(done)}</SuccessBanner>}
        {children}
        <div className={form.actions}>
          <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
        </div>
      </form>
    </AccountSection>
  );
}

/**
 * A part of /account below the account's own form: its heading (`<h2>`, naming the section) and notes, then the rest.
 * With an `id`, a link can lead to it (`/account#id`): the section then takes the focus when the page opens there.
 */
export function AccountSection({
  title,
  notes,
  id,
  className,
  children,
}: {
  title: string;
  notes: readonly string[];
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  const styles = useStyles();
  const headingId = useId();
  return (
    <section
      id={id}
      tabIndex={id ? -1 : undefined}
      className={mergeClasses(styles.section, className)}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className={styles.heading}>
        {title}
      </h2>
      {notes.map((note) => (
        <p key={note} className={styles.note}>
          {note}
        </p>
      ))}
      {children}
    </section>
  );
}

/**
 * A required field of such a form, marked when it is the one a refusal is about; with a `message`, the refusal is said
 * under it too (and read with the field).
 */
export function AccountSectionInput({
  name,
  label,
  type = 'password',
  autoComplete,
  value,
  invalid,
  message,
  inputRef,
  onChange,
}: {
  name: string;
  label: string;
  type?: 'password' | 'email';
  autoComplete: string;
  value: string;
  invalid: boolean;
  message?: string;
  inputRef: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
}) {
  const styles = useStyles();
  return (
    <Field
      label={label}
      required
      validationState={invalid ? 'error' : undefined}
      validationMessage={invalid && message ? { children: message, role: undefined } : undefined}
    >
      <Input
        ref={inputRef}
        className={styles.input}
        size="large"
        type={type}
        name={name}
        autoComplete={autoComplete}
        value={value}
        onChange={(_event, data) => onChange(data.value)}
      />
    </Field>
  );
}

/**
 * What such a form does: its fields (each one's props for `AccountSectionInput`), and its submit. The contracts' rules
 * come first (`problemOf`): a broken one is said, and its field (`fieldOf`) is marked with the focus, before anything
 * is sent. Sent, the answer's message is `done` and the fields are emptied; refused, the server's message is `error`,
 * its field marked, and what was typed stays. Typing clears `done` and unmarks the field.
 */
export function useSectionForm<F extends string>({
  empty,
  problemOf,
  fieldOf,
  send,
  sending,
}: {
  empty: Record<F, string>;
  problemOf: (values: Record<F, string>) => string | null;
  fieldOf: (problem: string, values: Record<F, string>) => F | null;
  send: (values: Record<F, string>) => Promise<{ message: string }>;
  sending: boolean;
}) {
  const [values, setValues] = useState(empty);
  const [invalid, setInvalid] = useState<F | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<F, HTMLInputElement | null>>>({});

  const refuse = (failure: unknown, problem: string) => {
    const at = fieldOf(problem, values);
    setError(failure);
    setInvalid(at);
    if (at) inputs.current[at]?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setDone(null);
    const problem = problemOf(values);
    if (problem) {
      refuse(problem, problem);
      return;
    }
    setError(null);
    setInvalid(null);
    try {
      const answer = await send(values);
      setValues(empty);
      setDone(answer.message);
    } catch (failure) {
      refuse(failure, errorMessageOf(failure) ?? '');
    }
  };

  const field = (name: F) => ({
    name,
    value: values[name],
    invalid: invalid === name,
    inputRef: (node: HTMLInputElement | null) => {
      inputs.current[name] = node;
    },
    onChange: (value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      setDone(null);
      if (invalid === name) setInvalid(null);
    },
  });
  return { field, onSubmit, error, done };
}
