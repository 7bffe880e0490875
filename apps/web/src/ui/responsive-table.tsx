import { Box, type BoxProps, VisuallyHidden } from '@mantine/core';
import type { ComponentPropsWithoutRef, CSSProperties, Key, ReactNode } from 'react';
import classes from './responsive-table.module.css';
import table from './table.module.css';

export type ResponsiveColumn<Row> = {
  /** The column's header; on a phone, the label in front of each of its values. */
  header: string;
  /** Named for screen readers but not shown, as over a column of buttons. */
  isHeaderHidden?: boolean;
  /**
   * On a phone, `main` is the row's headline (first, no label) and `actions` holds the row's buttons
   * (last, no label); any other column is a label and value line.
   */
  kind?: 'main' | 'actions';
  /** Kept on one line on a wide screen (money, dates); a phone wraps it if it must. */
  isNoWrap?: boolean;
  cell(row: Row): ReactNode;
  cellProps?: Omit<BoxProps & ComponentPropsWithoutRef<'td'>, 'children'>;
};

/**
 * A striped table on a wide screen (table.module.css), a stack of small cards on a phone (see the stylesheet),
 * with the roles of a table kept either way: getByRole('table' | 'row' | 'cell') finds the same things.
 */
export function ResponsiveTable<Row>({
  label,
  minWidth,
  columns,
  rows,
  rowKey,
}: {
  /** The table's accessible name. */
  label: string;
  /** Below this width a wide screen scrolls the table sideways; a phone never does. */
  minWidth: number;
  columns: readonly ResponsiveColumn<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): Key;
}) {
  // The roles are not redundant: on a phone the elements lose their table display (see the stylesheet).
  // biome-ignore-start lint/a11y/noRedundantRoles: the roles keep a table to assistive technology on a phone
  return (
    <div className={table.scroll} style={{ '--table-min-width': `${minWidth}px` } as CSSProperties}>
      <table aria-label={label} role="table" className={`${table.table} ${classes.table}`}>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th key={column.header} scope="col" role="columnheader">
                {column.isHeaderHidden ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row) => (
            <tr key={rowKey(row)} role="row">
              {columns.map((column) => (
                <Box
                  component="td"
                  key={column.header}
                  role="cell"
                  data-label={column.kind ? undefined : column.header}
                  data-kind={column.kind}
                  data-nowrap={column.isNoWrap || undefined}
                  {...column.cellProps}
                >
                  {/* One box for the value, so that on a phone it is one grid item beside its label. */}
                  <div>{column.cell(row)}</div>
                </Box>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  // biome-ignore-end lint/a11y/noRedundantRoles: the table ends here
}
