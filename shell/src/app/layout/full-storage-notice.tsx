import { useTranslation } from '@aba/web-kit';
import { listenForFullStorage } from '@aba/web-kit/outbox';
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  makeStyles,
} from '@fluentui/react-components';
import { useEffect, useState } from 'react';

const useStyles = makeStyles({ dismiss: { minHeight: '44px', minWidth: '44px' } });

/**
 * Says that the device's storage is full once a capture could not be kept on it: captures are then sent straight
 * away, not kept, so the user needs a connection (or must free space). Shown until dismissed, again on the next one.
 */
export function FullStorageNotice() {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const [full, setFull] = useState(false);
  useEffect(() => listenForFullStorage(() => setFull(true)), []);
  if (!full) return null;
  return (
    <MessageBar intent="error" layout="multiline" role="alert">
      <MessageBarBody>{t('outbox.storageFull')}</MessageBarBody>
      <MessageBarActions>
        <Button className={styles.dismiss} onClick={() => setFull(false)}>
          {t('outbox.understood')}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
