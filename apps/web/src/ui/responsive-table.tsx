import { Table, type TableTdProps, VisuallyHidden } from '@mantine/core';
import type { Key, ReactNode } from 'react';
import classes from './responsive-table.module.css';

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
  cellProps?: Omit<TableTdProps, 'children'>;
};

/**
 * Mantine's table on a wide screen, a stack of small cards on a phone (see the stylesheet), with the
 * roles of a table kept either way: getByRole('table' | 'row' | 'cell') finds the same things.
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
  return (
    <Table.ScrollContainer minWidth={minWidth} classNames={{ scrollContainerInner: classes.inner }}>
      <Table striped verticalSpacing="xs" aria-label={label} role="table" className={classes.table}>
        <Table.Thead role="rowgroup">
          <Table.Tr role="row">
            {columns.map((column) => (
              <Table.Th key={column.header} role="columnheader">
                {column.isHeaderHidden ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody role="rowgroup">
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} role="row">
              {columns.map((column) => (
                <Table.Td
                  key={column.header}
                  role="cell"
                  data-label={column.kind ? undefined : column.header}
                  data-kind={column.kind}
                  data-nowrap={column.isNoWrap || undefined}
                  {...column.cellProps}
                >
                  {/* One box for the value, so that on a phone it is one grid item beside its label. */}
                  <div>{column.cell(row)}</div>
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
