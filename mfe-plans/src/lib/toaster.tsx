import {
  Button,
  Toast,
  ToastFooter,
  Toaster,
  ToastTitle,
  useToastController,
} from '@fluentui/react-components';
import { useCallback } from 'react';
import { useTapTargetStyles } from '@aba/web-kit/capture';

const TOASTER_ID = 'plans-toaster';
/** A status change's toast is short: it confirms what was just done (issue 13, point 7). */
export const TOAST_TIMEOUT_MS = 4000;

/** Where this remote's toasts appear; rendered once per page. */
export function PlansToaster() {
  return <Toaster toasterId={TOASTER_ID} position="bottom" />;
}

export interface ToastAction {
  label: string;
  onClick: () => void;
}

/** `(text, action?) => void`: a short success toast, announced politely, optionally with one action (e.g. "Show"). */
export function useToast(): (text: string, action?: ToastAction) => void {
  const { dispatchToast, dismissToast } = useToastController(TOASTER_ID);
  return useCallback(
    (text: string, action?: ToastAction) => {
      const toastId = `${Date.now()}-${Math.random()}`;
      dispatchToast(
        <PlansToast
          text={text}
          action={action && { label: action.label, onClick: () => (dismissToast(toastId), action.onClick()) }}
        />,
        { toastId, intent: 'success', timeout: TOAST_TIMEOUT_MS, politeness: 'polite' },
      );
    },
    [dispatchToast, dismissToast],
  );
}

function PlansToast({ text, action }: { text: string; action?: ToastAction }) {
  const tap = useTapTargetStyles();
  return (
    <Toast>
      <ToastTitle>{text}</ToastTitle>
      {action ? (
        <ToastFooter>
          <Button className={tap.target} onClick={action.onClick}>
            {action.label}
          </Button>
        </ToastFooter>
      ) : null}
    </Toast>
  );
}
