import { useTranslation } from '@aba/web-kit';
import { MY_DATA_ID } from '../../../lib/account-links.js';
import { FileDownloadButton } from '../../../lib/file-download-button.js';
import { fetchAccountExport } from '../api/account-export-api.js';
import { AccountSection } from './account-section-form.js';

/**
 * "My data" on /account (issue 17, GDPR Art 15 and 20, ADR 0048): what the ZIP holds, and the button that downloads
 * it (`FileDownloadButton`: busy while the server gathers it, then saved and said; a refusal, such as too many
 * downloads this hour or a part of the data not available now, said beside it). `/account#my-data` leads here
 * (`MY_DATA_PATH`: the consent page offers it once consent is withdrawn).
 */
export function AccountExportSection() {
  const { t } = useTranslation('common');
  return (
    <AccountSection
      id={MY_DATA_ID}
      title={t('account.export.title')}
      notes={[t('account.export.contents'), t('account.export.note')]}
    >
      <FileDownloadButton
        fetchFile={fetchAccountExport}
        label={t('account.export.download')}
        workingLabel={t('account.export.working')}
        doneText={t('account.export.done')}
      />
    </AccountSection>
  );
}
