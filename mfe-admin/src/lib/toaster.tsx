import { Toast, Toaster, ToastTitle, useToastController } from '@fluentui/react-components';
import { useCallback } from 'react';

const TOASTER_ID = 'admin-toaster';
/** A status change's toast is short: it confirms what the admin just did. */
export const TOAST_TIMEOUT_MS = 3000;

/** Where this remote's toasts appear; rendered once per page. */
export function AdminToaster() {
  return <Toaster toasterId={TOASTER_ID} position="bottom" />;
}

/** `(text) => void`: a short success toast, announced politely. */
export function useToast(): (text: string) => void {
  const { dispatchToast } = useToastController(TOASTER_ID);
  return useCallback(
    (text: string) =>
      dispatchToast(
        <Toast>
          <ToastTitle>{text}</ToastTitle>
        </Toast>,
        { intent: 'success', timeout: TOAST_TIMEOUT_MS, politeness: 'polite' },
      ),
    [dispatchToast],
  );
}
