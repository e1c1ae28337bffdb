import { Toast, Toaster, ToastTitle, useToastController, type ToastIntent } from '@fluentui/react-components';
import { useCallback } from 'react';

const TOASTER_ID = 'behaviors-toaster';
/** Spec §9: the "behaviour logged" toast hides after 1000 ms (the UI library's default is 5000 ms). */
export const TOAST_TIMEOUT_MS = 1000;

/** Where this remote's toasts appear; rendered once per page. */
export function BehaviorsToaster() {
  return <Toaster toasterId={TOASTER_ID} position="bottom" />;
}

/** `(text, intent?) => void`: a short toast (announced politely) that hides after `TOAST_TIMEOUT_MS`. */
export function useToast(): (text: string, intent?: ToastIntent) => void {
  const { dispatchToast } = useToastController(TOASTER_ID);
  return useCallback(
    (text: string, intent: ToastIntent = 'success') =>
      dispatchToast(
        <Toast>
          <ToastTitle>{text}</ToastTitle>
        </Toast>,
        { intent, timeout: TOAST_TIMEOUT_MS, politeness: 'polite' },
      ),
    [dispatchToast],
  );
}
