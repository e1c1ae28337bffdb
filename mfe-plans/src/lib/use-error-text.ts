import { PlanMessages } from '@aba/contracts/api';
import { errorMessageOf, useServerErrorTranslator, useTranslation } from '@aba/web-kit';

const KEY_BY_MESSAGE = new Map<string, string>(
  Object.entries(PlanMessages).map(([key, message]) => [message, key]),
);

/** The key in `plans:serverErrors` of a plans call's message (with or without a `field: ` prefix), if it is one. */
export function planErrorKey(error: unknown): string | undefined {
  const message = errorMessageOf(error);
  if (message === undefined) return undefined;
  return KEY_BY_MESSAGE.get(message) ?? KEY_BY_MESSAGE.get(message.replace(/^[a-z_]+: /, ''));
}

/**
 * `(error) => text` for display: the plans calls' messages from this remote's namespace, every other server
 * message (access, licence, network) through the shell's `common:errors` map.
 */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation('plans');
  const translateServerError = useServerErrorTranslator();
  return (error: unknown) => {
    const key = planErrorKey(error);
    return key ? t(`serverErrors.${key}`) : translateServerError(error);
  };
}
