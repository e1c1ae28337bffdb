import {
  isLicenceMissing,
  useLicenceRedirectHandler,
  useServerErrorTranslator,
  useTranslation,
} from '@aba/web-kit';
import { ConfirmDialog, ErrorBanner, useDialogExit } from '@aba/web-kit/forms';
import type { Helper } from '@aba/contracts/api';
import { useState } from 'react';
import { useRemoveChildHelperMutation } from '../api/helpers-api.js';

/** The helper the user asked to remove, and how their row names them. */
export interface RemovalTarget {
  helper: Helper;
  name: string;
}

/**
 * The confirmation before removing a helper. It lives at page level, not in the helper's row: removing
 * refreshes the list, which drops the row, and a Fluent dialog unmounted while closing leaves the page
 * aria-hidden. A failure shows translated inside the dialog, which stays open.
 */
export function RemoveHelperDialog({
  childId,
  target,
  open,
  onClose,
  onRemoved,
}: {
  childId: string;
  target: RemovalTarget | null;
  open: boolean;
  onClose: () => void;
  /** Called once the dialog has closed after a removal. */
  onRemoved: () => void;
}) {
  const { t } = useTranslation('common');
  const translateError = useServerErrorTranslator();
  const redirectIfUnlicensed = useLicenceRedirectHandler();
  const [removeHelper, { isLoading }] = useRemoveChildHelperMutation();
  const [error, setError] = useState<unknown>(null);
  const { afterExit, surfaceRef } = useDialogExit();
  const texts = target ? `helpers.${target.helper.access_type}` : 'helpers.ADMIN';

  const close = () => {
    setError(null);
    onClose();
  };

  const onRemove = async () => {
    if (isLoading || !target) return;
    setError(null);
    try {
      await removeHelper({
        childId,
        accessType: target.helper.access_type,
        helperId: target.helper.id,
      }).unwrap();
      afterExit(onRemoved);
      close();
    } catch (failure) {
      if (isLicenceMissing(failure)) {
        afterExit(() => redirectIfUnlicensed(failure));
        close();
      } else {
        setError(failure);
      }
    }
  };

  return (
    <ConfirmDialog
      open={open && target !== null}
      title={target ? t(`${texts}.removeConfirm`, { name: target.name }) : null}
      confirmLabel={t('actions.remove')}
      cancelLabel={t('actions.cancel')}
      busy={isLoading}
      onConfirm={() => void onRemove()}
      onCancel={close}
      surfaceRef={surfaceRef}
    >
      {error !== null && <ErrorBanner>{translateError(error)}</ErrorBanner>}
      <p>{t(`${texts}.removeDetails`)}</p>
    </ConfirmDialog>
  );
}
