import { useServerErrorTranslator, useTranslation } from '@aba/web-kit';
import { ActionError, SuccessBanner, useFormStyles } from '@aba/web-kit/forms';
import { Button, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import { MY_DATA_ID } from '../../../lib/account-links.js';
import { fetchAccountExport } from '../api/account-export-api.js';
import { AccountSection } from './account-section-form.js';

const useStyles = makeStyles({
  done: { borderRadius: tokens.borderRadiusMedium, ':focus': { outline: 'none' } },
});

/** Hands `file` to the browser as a download named `name` (a temporary object URL, let go once it was taken). */
function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the URL after the click returns: let it go a little later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * "My data" on /account (issue 17, GDPR Art 15 and 20, ADR 0048): what the ZIP holds, and the button that downloads
 * it. While the server gathers it the button is busy (still focusable) and says so; then the ZIP is saved and a
 * status message, which takes the focus, says it was; a refusal (too many downloads this hour, a part of the data not
 * available now) is said translated beside the button and takes the focus. Another tap while busy does nothing.
 * `/account#my-data` leads here (`MY_DATA_PATH`: the consent page offers it once consent is withdrawn).
 */
export function AccountExportSection() {
  const { t } = useTranslation('common');
  const translate = useServerErrorTranslator();
  const styles = useStyles();
  const form = useFormStyles();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<{ error: unknown; count: number } | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  const download = async () => {
    if (busy) return;
    setBusy(true);
    setDone(false);
    try {
      const { file, name } = await fetchAccountExport();
      saveFile(file, name);
      setFailure(null);
      setDone(true);
      setTimeout(() => doneRef.current?.focus());
    } catch (error) {
      setFailure((previous) => ({ error, count: (previous?.count ?? 0) + 1 }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountSection
      id={MY_DATA_ID}
      title={t('account.export.title')}
      notes={[t('account.export.contents'), t('account.export.note')]}
    >
      <div ref={doneRef} tabIndex={-1} className={styles.done}>
        {done ? <SuccessBanner>{t('account.export.done')}</SuccessBanner> : null}
      </div>
      <div className={form.actions}>
        <Button
          appearance="primary"
          className={form.submit}
          disabledFocusable={busy}
          aria-busy={busy}
          icon={busy ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
          onClick={() => void download()}
        >
          {busy ? t('account.export.working') : t('account.export.download')}
        </Button>
      </div>
      {failure ? <ActionError focusKey={failure.count}>{translate(failure.error)}</ActionError> : null}
    </AccountSection>
  );
}
