import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode, Ref } from 'react';

const useStyles = makeStyles({
  // On a phone a table keeps its columns and scrolls sideways inside this region.
  scroller: {
    overflowX: 'auto',
    maxWidth: '100%',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
});

/** A focusable, labelled region that scrolls a wide table sideways (keyboard users can scroll it too). */
export function TableRegion({ label, children, ref }: { label: string; children: ReactNode; ref?: Ref<HTMLDivElement> }) {
  const styles = useStyles();
  return (
    <div ref={ref} className={styles.scroller} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
