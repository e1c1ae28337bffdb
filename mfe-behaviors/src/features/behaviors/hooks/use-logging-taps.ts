import { useTranslation } from '@aba/web-kit';
import { useCallback } from 'react';
import { useToast } from '../../../lib/toaster.js';
import { useLogTap, type TappedBehavior } from './use-log-tap.js';

/**
 * Log behavior as a therapist taps it: each logged tap is sent (`log`), confirmed by the short toast (spec §2) and
 * reported to `onLogged`; a second tap on the same behaviour within a moment waits for the double-tap question.
 */
export function useLoggingTaps(log: (behavior: TappedBehavior) => void, onLogged?: (behavior: TappedBehavior) => void) {
  const { t } = useTranslation('behaviors');
  const toast = useToast();
  const logged = useCallback(
    (behavior: TappedBehavior) => {
      log(behavior);
      toast(t('list.logged', { name: behavior.name }));
      onLogged?.(behavior);
    },
    [log, toast, t, onLogged],
  );
  return useLogTap(logged);
}
