import { BehaviorMessages } from '@aba/contracts/api';
import { errorMessageOf, useServerErrorTranslator, useTranslation } from '@aba/web-kit';

const KEY_BY_MESSAGE = new Map<string, string>(
  Object.entries(BehaviorMessages).map(([key, message]) => [message, key]),
);

/** The key in `behaviors:serverErrors` of a behaviour call's message, if it is one. */
export function behaviorErrorKey(error: unknown): string | undefined {
  const message = errorMessageOf(error);
  return message === undefined ? undefined : KEY_BY_MESSAGE.get(message);
}

/**
 * `(error) => text` for display: the behaviour calls' messages from this remote's namespace, every other server
 * message through the shell's `common:errors` map (network failures included).
 */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation('behaviors');
  const translateServerError = useServerErrorTranslator();
  return (error: unknown) => {
    const key = behaviorErrorKey(error);
    return key ? t(`serverErrors.${key}`) : translateServerError(error);
  };
}
