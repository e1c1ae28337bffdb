import { useServerErrorTranslator } from '@aba/web-kit';
import { ActionError, SuccessBanner, useFormStyles } from '@aba/web-kit/forms';
import { Button, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import { saveFile, type DownloadedFile } from './file-download.js';

const useStyles = makeStyles({
  done: { borderRadius: tokens.borderRadiusMedium, ':focus': { outline: 'none' } },
});

export interface FileDownloadButtonProps {
  /** Fetches the file (a refusal thrown as RTK Query's errors are, see `fetchFile`). */
  fetchFile: () => Promise<DownloadedFile>;
  label: string;
  /** What the button says while the server makes the file. */
  workingLabel: string;
  /** What the status message says once the file is saved. */
  doneText: string;
  /** Not to be pressed now (it stays focusable; the reason is said beside it). */
  disabled?: boolean;
}

/**
 * A button that downloads a file the server makes (the account export, a child's data). While the server makes it
 * the button is busy (still focusable) and says so; then the file is saved and a status message, which takes the
 * focus, says it was; a refusal is said translated beside the button and takes the focus. Another tap while busy does
 * nothing.
 */
export function FileDownloadButton({
  fetchFile,
  label,
  workingLabel,
  doneText,
  disabled = false,
}: FileDownloadButtonProps) {
  const translate = useServerErrorTranslator();
  const styles = useStyles();
  const form = useFormStyles();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<{ error: unknown; count: number } | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  const download = async () => {
    if (busy || disabled) return;
    setBusy(true);
    setDone(false);
    try {
      saveFile(await fetchFile());
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
    <>
      <div ref={doneRef} tabIndex={-1} className={styles.done}>
        {done ? <SuccessBanner>{doneText}</SuccessBanner> : null}
      </div>
      <div className={form.actions}>
        <Button
          appearance="primary"
          className={form.submit}
          disabledFocusable={busy || disabled}
          aria-busy={busy}
          icon={busy ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
          onClick={() => void download()}
        >
          {busy ? workingLabel : label}
        </Button>
      </div>
      {failure ? <ActionError focusKey={failure.count}>{translate(failure.error)}</ActionError> : null}
    </>
  );
}
