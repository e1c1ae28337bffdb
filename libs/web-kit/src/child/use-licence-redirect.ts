import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { BILLING_PATH, NO_LICENCE_MESSAGE, isLicenceMissing, licenceRedirect } from './licence-redirect.js';

/**
 * Declarative form, for query errors: `const redirecting = useLicenceRedirect(listError, detailError);`.
 * When any of the errors means "this child has no licence" (402 `Child subscription not found`) it
 * navigates to /billing (replacing the current entry) with `state: { error: NO_LICENCE_MESSAGE }` and
 * returns true, so the caller can render nothing (or `<Loading />`) instead of an error.
 */
export function useLicenceRedirect(...errors: unknown[]): boolean {
  const navigate = useNavigate();
  const missing = errors.some(isLicenceMissing);
  useEffect(() => {
    if (missing) navigate(BILLING_PATH, { replace: true, state: { error: NO_LICENCE_MESSAGE } });
  }, [missing, navigate]);
  return missing;
}

/**
 * Imperative form, for mutations: `const redirectIfUnlicensed = useLicenceRedirectHandler();` then in a
 * `catch (failure) { if (redirectIfUnlicensed(failure)) return; setError(failure); }`. Returns whether it
 * navigated.
 */
export function useLicenceRedirectHandler(): (error: unknown) => boolean {
  const navigate = useNavigate();
  return useCallback(
    (error: unknown) => {
      const redirect = licenceRedirect(error);
      if (!redirect) return false;
      navigate(redirect.to, { replace: true, state: redirect.state });
      return true;
    },
    [navigate],
  );
}
