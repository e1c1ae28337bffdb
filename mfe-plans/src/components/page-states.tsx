import { makeStyles, Spinner, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  empty: {
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} dashed ${tokens.colorNeutralStroke1}`,
    margin: `0 0 ${tokens.spacingVerticalM}`,
  },
  loading: { justifyContent: 'flex-start', margin: `${tokens.spacingVerticalM} 0` },
});

/** A spinner with its label (announced as a status). */
export function LoadingState({ label }: { label: string }) {
  const styles = useStyles();
  return (
    <div role="status">
      <Spinner className={styles.loading} size="small" label={label} labelPosition="after" />
    </div>
  );
}

/** The dashed "nothing here yet" box. */
export function EmptyState({ children }: { children: ReactNode }) {
  const styles = useStyles();
  return <p className={styles.empty}>{children}</p>;
}
