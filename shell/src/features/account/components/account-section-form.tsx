import { useServerErrorTranslator } from '@aba/web-kit';
import { ErrorBanner, SubmitButton, SuccessBanner, useFormStyles } from '@aba/web-kit/forms';
import { Field, Input, makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { useId, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';

const useStyles = makeStyles({
  section: { marginTop: tokens.spacingVerticalXXXL },
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
  const styles = useStyles();
  const form = useFormStyles();
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {title}
      </h2>
      {notes.map((note) => (
        <p key={note} className={styles.note}>
          {note}
        </p>
      ))}
      <form className={form.form} onSubmit={onSubmit} noValidate aria-label={formLabel}>
        {error !== null && <ErrorBanner>{translateError(error)}</ErrorBanner>}
        {done !== null && <SuccessBanner>{translateError(done)}</SuccessBanner>}
        {children}
        <div className={form.actions}>
          <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
        </div>
      </form>
    </section>
  );
}

/** A required field of such a form, marked when it is the one a refusal is about. */
export function AccountSectionInput({
  name,
  label,
  type = 'password',
  autoComplete,
  value,
  invalid,
  inputRef,
  onChange,
}: {
  name: string;
  label: string;
  type?: 'password' | 'email';
  autoComplete: string;
  value: string;
  invalid: boolean;
  inputRef: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
}) {
  const styles = useStyles();
  return (
    <Field label={label} required validationState={invalid ? 'error' : undefined}>
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
 * The fields of such a form: their values (`clear` empties them), the one a refusal is about (`mark` sets it and
 * gives it the focus), and each field's props for `AccountSectionInput`; typing calls `onEdit` and unmarks the field.
 */
export function useSectionFields<F extends string>(empty: Record<F, string>, onEdit: () => void) {
  const [values, setValues] = useState(empty);
  const [invalid, setInvalid] = useState<F | null>(null);
  const inputs = useRef<Partial<Record<F, HTMLInputElement | null>>>({});
  const mark = (at: F | null) => {
    setInvalid(at);
    if (at) inputs.current[at]?.focus();
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
      onEdit();
      if (invalid === name) setInvalid(null);
    },
  });
  return { values, clear: () => setValues(empty), mark, field };
}
