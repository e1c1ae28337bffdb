import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  empty: {
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} dashed ${tokens.colorNeutralStroke1}`,
    margin: `0 0 ${tokens.spacingVerticalM}`,
  },
});

/** The dashed "nothing here yet" box of a list or table with nothing in it (the caller's translated text). */
export function EmptyState({ children }: { children: ReactNode }) {
  const styles = useStyles();
  return <p className={styles.empty}>{children}</p>;
}
