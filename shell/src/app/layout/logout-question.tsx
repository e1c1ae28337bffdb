import { useTranslation } from '@aba/web-kit';
import { ConfirmDialog } from '@aba/web-kit/forms';

/**
 * Asked when the user logs out while this phone holds captures the server does not have: they are not deleted (they
 * wait for the user's next login on the phone); leave anyway, or stay and send them.
 */
export function LogoutQuestion({
  unsent,
  onLeave,
  onStay,
}: {
  unsent: number;
  onLeave: () => void;
  onStay: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <ConfirmDialog
      open
      title={t('outbox.logoutTitle', { count: unsent })}
      confirmLabel={t('outbox.logoutAnyway')}
      cancelLabel={t('outbox.logoutStay')}
      onConfirm={onLeave}
      onCancel={onStay}
    >
      {t('outbox.logoutBody')}
    </ConfirmDialog>
  );
}
