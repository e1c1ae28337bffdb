import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useEffect, useRef, useState, type ReactNode, type Ref, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  // A table keeps its columns and scrolls sideways inside this region; its first column (what the row is) stays put.
  scroller: {
    overflowX: 'auto',
    maxWidth: '100%',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
    '& th:first-child, & td:first-child': {
      position: 'sticky',
      left: 0,
      zIndex: 1,
      backgroundColor: tokens.colorNeutralBackground1,
    },
  },
  // While columns are hidden to the right, the pinned column casts a shadow over them.
  overflowing: {
    '& th:first-child, & td:first-child': { boxShadow: `6px 0 6px -6px ${tokens.colorNeutralShadowKey}` },
  },
  hint: {
    display: 'block',
    marginBottom: tokens.spacingVerticalXS,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
  },
});

/** Whether the element's content is wider than the element (kept up to date as either changes size). */
function useOverflowsSideways(element: RefObject<HTMLDivElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const measure = () => setOverflows(node.scrollWidth > node.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    if (node.firstElementChild) observer.observe(node.firstElementChild);
    return () => observer.disconnect();
  }, [element]);
  return overflows;
}

/**
 * A focusable, labelled region that scrolls a wide table sideways (keyboard users can scroll it too). On a narrow
 * screen the first column stays in place and a line says that more columns are to the right, so nothing a user
 * needs is hidden without a cue.
 */
export function TableRegion({ label, children, ref }: { label: string; children: ReactNode; ref?: Ref<HTMLDivElement> }) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const own = useRef<HTMLDivElement | null>(null);
  const overflows = useOverflowsSideways(own);
  const attach = (node: HTMLDivElement | null) => {
    own.current = node;
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  };
  return (
    <div>
      {overflows && <span className={styles.hint}>{t('table.moreColumns')}</span>}
      <div
        ref={attach}
        className={mergeClasses(styles.scroller, overflows && styles.overflowing)}
        role="region"
        aria-label={label}
        tabIndex={0}
      >
        {children}
      </div>
    </div>
  );
}
