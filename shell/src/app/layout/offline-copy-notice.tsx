import { formatDateTime, useTranslation } from '@aba/web-kit';
import { MessageBar, MessageBarBody } from '@fluentui/react-components';

/**
 * Says that what the page shows is the copy kept on this phone (the server did not answer), and from when: a
 * therapist offline still sees the plan, and knows a colleague's newer trials may be missing.
 */
export function OfflineCopyNotice({ copyAt }: { copyAt: number }) {
  const { t } = useTranslation('common');
  return (
    <MessageBar intent="warning" layout="multiline" role="status">
      <MessageBarBody>
        {t('offlineCopy.text', { time: formatDateTime(new Date(copyAt).toISOString()) })}
      </MessageBarBody>
    </MessageBar>
  );
}
