import { ActionError, SuccessBanner } from '@aba/web-kit/forms';
import {
  Button,
  Card,
  Field,
  Input,
  makeStyles,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useServerErrorTranslator, useTranslation } from '@aba/web-kit';
import { useCreateSubscriptionMutation } from '../api/create-subscription.js';
import {
  createSubscriptionBody,
  EMPTY_CREATE_FORM,
  subscriptionUserName,
  type CreateSubscriptionForm,
} from '../hooks/subscriptions.js';

const useStyles = makeStyles({
  card: { maxWidth: '28rem', marginTop: tokens.spacingVerticalXXL },
  title: { ...typographyStyles.subtitle1, margin: 0 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', justifyContent: 'flex-start' },
});

type Outcome = { kind: 'error'; error: unknown; id: number } | { kind: 'success'; text: string; id: number };

/**
 * "Create subscription" (spec §2): User email, Quantity, Stripe id. POST /api/subscription/create; the list
 * reloads on success. Errors show translated in a red alert inside the card (the original used a browser alert).
 */
export function CreateSubscriptionCard() {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const translateError = useServerErrorTranslator('admin');
  const [form, setForm] = useState<CreateSubscriptionForm>(EMPTY_CREATE_FORM);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [createSubscription, { isLoading }] = useCreateSubscriptionMutation();

  const set = (field: keyof CreateSubscriptionForm) => (_event: unknown, data: { value: string }) =>
    setForm((current) => ({ ...current, [field]: data.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const body = createSubscriptionBody(form);
    try {
      const answer = await createSubscription(body).unwrap();
      const name = answer.subscription ? subscriptionUserName(answer.subscription) : '';
      setForm(EMPTY_CREATE_FORM);
      setOutcome((last) => ({
        kind: 'success',
        text: t('subscriptions.create.created', { user: name || body.user_email }),
        id: (last?.id ?? 0) + 1,
      }));
    } catch (error) {
      setOutcome((last) => ({ kind: 'error', error, id: (last?.id ?? 0) + 1 }));
    }
  };

  return (
    <Card className={styles.card} role="region" aria-labelledby="create-subscription-title">
      <h2 id="create-subscription-title" className={styles.title}>
        {t('subscriptions.create.title')}
      </h2>
      {outcome?.kind === 'error' ? (
        <ActionError focusKey={outcome.id}>{translateError(outcome.error)}</ActionError>
      ) : null}
      {outcome?.kind === 'success' ? <SuccessBanner key={outcome.id}>{outcome.text}</SuccessBanner> : null}
      {/* noValidate: the server's translated messages explain a problem, not the browser's own bubbles. */}
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        <Field label={t('subscriptions.create.email')}>
          <Input
            type="email"
            autoComplete="off"
            value={form.userEmail}
            disabled={isLoading}
            onChange={set('userEmail')}
          />
        </Field>
        <Field label={t('subscriptions.create.quantity')}>
          <Input
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            value={form.quantity}
            disabled={isLoading}
            onChange={set('quantity')}
          />
        </Field>
        <Field label={t('subscriptions.create.stripeId')} hint={t('subscriptions.create.stripeIdHint')}>
          <Input value={form.stripeId} disabled={isLoading} autoComplete="off" onChange={set('stripeId')} />
        </Field>
        <div className={styles.actions}>
          <Button
            type="submit"
            appearance="primary"
            disabled={isLoading}
            icon={isLoading ? <Spinner size="tiny" aria-hidden /> : undefined}
          >
            {t('subscriptions.create.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
