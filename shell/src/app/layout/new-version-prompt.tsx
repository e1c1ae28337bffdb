import { useTranslation } from '@aba/web-kit';
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  makeStyles,
} from '@fluentui/react-components';
import { loadNewVersion } from '../service-worker/registration.js';

const useStyles = makeStyles({ reload: { minHeight: '44px' } });

/**
 * "A new version is ready": the layout shows it when one was installed while this one runs. It loads only when the user asks, so a
 * session is never interrupted; otherwise the next start opens it. What waits in the outbox survives the reload.
 */
export function NewVersionPrompt() {
  const { t } = useTranslation('common');
  const styles = useStyles();
  return (
    <MessageBar intent="info" layout="multiline" role="status">
      <MessageBarBody>{t('newVersion.text')}</MessageBarBody>
      <MessageBarActions>
        <Button appearance="primary" className={styles.reload} onClick={loadNewVersion}>
          {t('newVersion.reload')}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
