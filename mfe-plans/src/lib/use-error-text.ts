import { MasteryCallMessages, MasteryMessages, PlanMessages, SessionMessages } from '@aba/contracts/api';
import { errorMessageOf, useServerErrorTranslator, useTranslation } from '@aba/web-kit';

/** The catalogues of the calls this remote makes, by their group in `plans:serverErrors` (the plans' at its top). */
export const SERVER_MESSAGE_GROUPS: ReadonlyArray<[string, Readonly<Record<string, string>>]> = [
  ['', PlanMessages],
  ['session.', SessionMessages],
  ['mastery.', MasteryMessages],
  ['masteryCall.', MasteryCallMessages],
];

const KEY_BY_MESSAGE = new Map<string, string>(
  SERVER_MESSAGE_GROUPS.flatMap(([group, messages]) =>
    Object.entries(messages).map(([key, message]): [string, string] => [message, `${group}${key}`]),
  ),
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
