import { makeStyles, tokens } from '@fluentui/react-components';

/**
 * The style every data table shares: columns sized by their content (Fluent's default is fixed, equal columns), a
 * table wider than the screen scrolling inside its `TableRegion`.
 * - `table`: on the `<Table>`;
 * - `cell`: a cell that grows with wrapping text and buttons (Fluent's cells are one fixed line high);
 * - `nowrap`: a cell kept on one line (dates, counts, actions);
 * - `top`: with `cell`, a row's cells aligned to their top (rows of capture controls of different heights).
 */
export const useTableStyles = makeStyles({
  table: { tableLayout: 'auto', width: '100%' },
  cell: { paddingTop: tokens.spacingVerticalS, paddingBottom: tokens.spacingVerticalS, height: 'auto' },
  nowrap: { whiteSpace: 'nowrap' },
  top: { verticalAlign: 'top' },
});
