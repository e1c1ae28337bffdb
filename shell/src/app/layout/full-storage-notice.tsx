import { useTranslation } from '@aba/web-kit';
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  makeStyles,
} from '@fluentui/react-components';

const useStyles = makeStyles({ dismiss: { minHeight: '44px', minWidth: '44px' } });

/**
 * Says that the device's storage is full. Either a capture could not be kept on it (captures are then sent straight
 * away, not kept, so the user needs a connection or must free space), or, with `copies`, the service worker stopped
 * keeping copies of the child pages for reading offline (ADR 0039; captures go on being kept). The layout shows it
 * until dismissed, again on the next one.
 */
export function FullStorageNotice({
  onDismiss,
  copies = false,
}: {
  onDismiss: () => void;
  copies?: boolean;
}) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  return (
    <MessageBar intent="error" layout="multiline" role="alert">
      <MessageBarBody>{t(copies ? 'offlineCopy.storageFull' : 'outbox.storageFull')}</MessageBarBody>
      <MessageBarActions>
        <Button className={styles.dismiss} onClick={onDismiss}>
          {t('outbox.understood')}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
