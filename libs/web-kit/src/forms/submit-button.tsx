import { Button, Spinner } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useFormStyles } from './form-styles.js';

/**
 * A form's primary submit button: a spinner while `busy`, and not clickable then — yet still focusable, so focus
 * does not fall to <body> while the form is sending (screen readers and open dialogs lose their place otherwise).
 */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  const styles = useFormStyles();
  return (
    <Button
      type="submit"
      appearance="primary"
      className={styles.submit}
      disabledFocusable={busy}
      icon={busy ? <Spinner size="tiny" /> : undefined}
    >
      {children}
    </Button>
  );
}
