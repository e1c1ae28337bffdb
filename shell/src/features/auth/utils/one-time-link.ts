import type { MessageResponse } from '@aba/contracts/api';
import { errorMessageOf, useAppDispatch, type AppDispatch } from '@aba/web-kit';
import { useEffect, useState } from 'react';
import { IdentityMessages, successMessage } from './account-forms.js';
import { createRunOnce } from './run-once.js';

/** What opening an e-mailed link came to: the server's message, or its error. */
export type LinkOutcome = { message: string } | { error: string };

/** A link's call, started with `dispatch(api.endpoints.x.initiate({ token }))`. */
type LinkCall = (
  dispatch: AppDispatch,
  token: string,
) => { unwrap(): Promise<MessageResponse>; reset(): void };

/** One call per link and page, whatever React does with effects (StrictMode runs them twice). */
const runOnce = createRunOnce<LinkOutcome>();

/**
 * Opens an e-mailed one-time link (`/token/…/:token`) as its page opens: `call` reaches the server once per link and
 * page, and the outcome is its message (`success` when it gave none) or its error (an unknown link's when it gave none,
 * or when there is no token); null until then. `kind` tells the links' calls apart; `call` is a module's function (the
 * same on every render).
 */
export function useOneTimeLink(
  kind: string,
  token: string,
  call: LinkCall,
  success: string,
): LinkOutcome | null {
  const dispatch = useAppDispatch();
  const [outcome, setOutcome] = useState<LinkOutcome | null>(null);
  useEffect(() => {
    let current = true;
    const opened: Promise<LinkOutcome> =
      token === ''
        ? Promise.resolve({ error: IdentityMessages.invalidToken })
        : runOnce(`${kind}:${token}`, async () => {
            const request = call(dispatch, token);
            try {
              return { message: successMessage(await request.unwrap(), success) };
            } catch (failure) {
              return { error: errorMessageOf(failure) ?? IdentityMessages.invalidToken };
            } finally {
              request.reset(); // nothing on screen reads the mutation's cache entry
            }
          });
    void opened.then((result) => {
      if (current) setOutcome(result);
    });
    return () => {
      current = false;
    };
  }, [dispatch, kind, token, call, success]);
  return outcome;
}
