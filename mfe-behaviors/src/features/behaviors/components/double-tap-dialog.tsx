import { useTranslation } from '@aba/web-kit';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
} from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { TappedBehavior } from '../hooks/use-log-tap.js';
import { DOUBLE_TAP_MS } from '../utils/double-tap.js';

const useStyles = makeStyles({
  button: { minHeight: '44px' },
});

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
  const styles = useStyles();
  // Keeps the name on screen while the dialog closes.
  const [shown, setShown] = useState(behavior);
  useEffect(() => {
    if (behavior) setShown(behavior);
  }, [behavior]);

  return (
    <Dialog
      open={behavior !== null}
      modalType="alert"
      onOpenChange={(_event, data) => (data.open ? null : onAnswer(false))}
    >
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('doubleTap.title')}</DialogTitle>
          <DialogContent>
            {t('doubleTap.body', { name: shown?.name ?? '', seconds: DOUBLE_TAP_MS / 1000 })}
          </DialogContent>
          <DialogActions>
            <Button className={styles.button} appearance="secondary" onClick={() => onAnswer(false)}>
              {t('doubleTap.once')}
            </Button>
            <Button className={styles.button} appearance="primary" onClick={() => onAnswer(true)}>
              {t('doubleTap.twice')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
