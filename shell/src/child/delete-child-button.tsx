import { lazyWithRetry, useTranslation } from '@aba/web-kit';
import type { Child } from '@aba/contracts/api';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { Suspense, useRef, useState } from 'react';

// The dialog (Fluent's Dialog, its motion and portal) is fetched with the first click, not with every child page.
const DeleteChildDialog = lazyWithRetry(() =>
  import('./delete-child-dialog.js').then((m) => ({ default: m.DeleteChildDialog })),
);

const useStyles = makeStyles({
  icon: {
    color: tokens.colorPaletteRedForeground1,
    ':hover': { color: tokens.colorPaletteRedForeground2 },
  },
});

/**
 * The delete icon beside the child's name (shown only to whom `mayOnChild(relation, 'delete')` allows). It opens
 * {@link DeleteChildDialog}, which puts the focus back on it when it closes without deleting (what a
 * `DialogTrigger` does through Fluent's focus manager, which the child pages would otherwise load for this alone).
 */
export function DeleteChildButton({ child }: { child: Child }) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  // Once opened, the dialog stays mounted (closed), so it can play its exit motion and be reopened at once.
  const [wanted, setWanted] = useState(false);

  return (
    <>
      <Button
        appearance="subtle"
        size="large"
        className={styles.icon}
        icon={<DeleteRegular />}
        aria-label={t('childFrame.delete')}
        title={t('childFrame.delete')}
        ref={buttonRef}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      />
      {wanted ? (
        <Suspense fallback={null}>
          <DeleteChildDialog
            child={child}
            open={open}
            onOpenChange={setOpen}
            onDismissed={() => buttonRef.current?.focus()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
