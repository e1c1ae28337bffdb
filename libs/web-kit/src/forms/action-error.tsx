import { makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useRef } from 'react';
import { ErrorBanner, type BannerProps } from './banners.js';

const useStyles = makeStyles({
  target: {
    borderRadius: tokens.borderRadiusMedium,
    scrollMarginTop: tokens.spacingVerticalXXL,
    scrollMarginBottom: tokens.spacingVerticalXXL,
    ':focus': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
});

export interface ActionErrorProps extends BannerProps {
  /** Focus moves to the error again each time this changes (e.g. a failure's number), not only when it appears. */
  focusKey?: unknown;
}

/**
 * The red error banner of one action, rendered where that action was (beside its button or in its row, not at the
 * top of a long page): when it appears, or `focusKey` changes, it is scrolled into view and takes the focus, so a
 * phone or keyboard user is taken to it and to its Retry.
 */
export function ActionError({ focusKey, ...banner }: ActionErrorProps) {
  const styles = useStyles();
  const target = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = target.current;
    if (!node) return;
    node.focus({ preventScroll: true });
    node.scrollIntoView?.({ block: 'nearest' });
  }, [focusKey]);
  return (
    <div ref={target} tabIndex={-1} className={styles.target}>
      <ErrorBanner {...banner} />
    </div>
  );
}
