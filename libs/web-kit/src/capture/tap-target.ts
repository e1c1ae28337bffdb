import { makeStyles, tokens } from '@fluentui/react-components';

/**
 * Tap targets of the capture screens (issue 13, point 9; WCAG 2.5.5): at least 44 × 44 px, and groups of them keep
 * 8 px between targets.
 */
export const useTapTargetStyles = makeStyles({
  target: { minHeight: '44px', minWidth: '44px' },
  /** A native select (status dropdowns): 44 px high. */
  select: { '& select': { minHeight: '44px', height: '44px' }, minHeight: '44px' },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
});
