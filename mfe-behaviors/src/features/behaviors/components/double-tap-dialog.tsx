import { useTranslation } from '@aba/web-kit';
import { ConfirmDialog } from '@aba/web-kit/forms';
import { useEffect, useState } from 'react';
import type { TappedBehavior } from '../hooks/use-log-tap.js';
import { DOUBLE_TAP_MS } from '../utils/double-tap.js';

export interface DoubleTapDialogProps {
  /** The behaviour whose Log was tapped twice in a moment; null when closed. */
  behavior: TappedBehavior | null;
  onAnswer: (twoOccurrences: boolean) => void;
}

/**
 * "Two occurrences?": asked after two taps on the same Log within a moment; the first tap is already logged. Closing
 * it without answering (Escape) counts the second tap as the same occurrence, as "No" does.
 */
export function DoubleTapDialog({ behavior, onAnswer }: DoubleTapDialogProps) {
  const { t } = useTranslation('behaviors');
  // Keeps the name on screen while the dialog closes.
  const [shown, setShown] = useState(behavior);
  useEffect(() => {
    if (behavior) setShown(behavior);
  }, [behavior]);

  return (
    <ConfirmDialog
      open={behavior !== null}
      title={t('doubleTap.title')}
      confirmLabel={t('doubleTap.twice')}
      cancelLabel={t('doubleTap.once')}
      onConfirm={() => onAnswer(true)}
      onCancel={() => onAnswer(false)}
    >
      {t('doubleTap.body', { name: shown?.name ?? '', seconds: DOUBLE_TAP_MS / 1000 })}
    </ConfirmDialog>
  );
}
