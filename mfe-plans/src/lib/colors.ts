/** Spec §2, §9: YES is teal, NO is red (chart columns and history icons; both ≥ 4.5:1 on white). */
export const YES_COLOR = '#008080';
export const NO_COLOR = '#d13438';
