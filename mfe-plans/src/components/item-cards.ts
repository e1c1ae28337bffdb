import { makeStyles, tokens } from '@fluentui/react-components';

/** Items as stacked cards on a narrow screen (under 768 px), on the plan page and the sub-plan page alike. */
export const useItemCardStyles = makeStyles({
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0,
  },
  title: { margin: 0, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
});
