import { Anchor, Button, Card, Group, Text, Title } from '@mantine/core';
import { formatMoney } from '@oja/contract';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { type ResponsiveColumn, ResponsiveTable } from '../../ui/responsive-table';
import { productPath } from '../businesses/attention-card';
import { type CsvValue, downloadCsv, toCsv } from './csv';

/** A column shown on the page and written to the CSV (as the plain value, never formatted). */
export type ReportColumn<Row> = {
  header: string;
  csv(row: Row): CsvValue;
  /** What the page shows; the CSV value when left out. */
  cell?(row: Row): ReactNode;
  kind?: 'main';
  isNoWrap?: boolean;
};

/** The fields of Row whose values are of type V. */
type FieldOf<Row, V> = { [K in keyof Row]-?: Row[K] extends V ? K : never }[keyof Row];

/** A column's value: a field of the row, or what a function makes of the row (a label). */
type ValueOf<Row> = FieldOf<Row, CsvValue> | ((row: Row) => CsvValue);

/**
 * The report's usual columns, typed by the table's row: a field that is not the row's, or a money column on a
 * row without a currency, does not compile. ReportTable hands them to its `columns`, its Row already inferred
 * from its `rows`, so no table names its row type.
 */
export type ColumnKit<Row> = {
  /** The row's name: first, and the card's title on a phone; a link to `to` of the row when given. */
  main(header: string, value: ValueOf<Row>, to?: (row: Row) => string): ReportColumn<Row>;
  /** A value shown as it is written to the CSV (a count, a code). */
  plain(header: string, value: ValueOf<Row>): ReportColumn<Row>;
  /** A day: YYYY-MM-DD in the CSV, the day as people read it on the page. */
  date(header: string, field: FieldOf<Row, string>): ReportColumn<Row>;
  /** The row's currency. */
  currency: Row extends { currency: string } ? ReportColumn<Row> : never;
  /** An amount: the plain decimal in the CSV, in the row's currency on the page ("—" when unknown). */
  money: Row extends { currency: string }
    ? (header: string, field: FieldOf<Row, string | null>) => ReportColumn<Row>
    : never;
  /** The product's name, linking to its page. */
  product: Row extends { product_id: number; product_name: string } ? (slug: string) => ReportColumn<Row> : never;
};

/** A main column whose name links to its row's page. */
function linked<Row>(header: string, name: (row: Row) => CsvValue, to: (row: Row) => string): ReportColumn<Row> {
  return {
    header,
    kind: 'main',
    csv: name,
    cell: (row) => (
      <Anchor component={Link} size="sm" to={to(row)}>
        {name(row)}
      </Anchor>
    ),
  };
}

function columnKit<Row>(): ColumnKit<Row> {
  const read = (value: ValueOf<Row>) => (typeof value === 'function' ? value : (row: Row) => row[value] as CsvValue);
  const anyRow: Pick<ColumnKit<Row>, 'main' | 'plain' | 'date'> = {
    main: (header, value, to) => (to ? linked(header, read(value), to) : { header, kind: 'main', csv: read(value) }),
    plain: (header, value) => ({ header, csv: read(value) }),
    date: (header, field) => ({
      header,
      isNoWrap: true,
      csv: (row) => row[field] as string,
      cell: (row) => formatDate(row[field] as string),
    }),
  };
  type Priced = { currency: string } & Record<string, unknown>;
  type Sold = { product_id: number; product_name: string };
  const someRows = {
    currency: { header: 'Currency', csv: (row: Priced) => row.currency },
    money: (header: string, field: string): ReportColumn<Priced> => ({
      header,
      isNoWrap: true,
      csv: (row) => row[field] as string | null,
      cell: (row) => {
        const amount = row[field] as string | null;
        return amount === null ? '—' : formatMoney(amount, row.currency);
      },
    }),
    product: (slug: string) =>
      linked<Sold>(
        'Product',
        (row) => row.product_name,
        (row) => productPath(slug, row.product_id),
      ),
  };
  // These hold for the rows their types admit (ColumnKit), which TypeScript cannot follow inside generic code.
  return { ...anyRow, ...(someRows as unknown as Omit<ColumnKit<Row>, keyof typeof anyRow>) };
}

/** One of the report's tables, with its "Download CSV" button. */
export function ReportTable<Row>({
  title,
  filename,
  columns,
  rows,
  rowKey,
  empty,
  note,
}: {
  title: string;
  /** A line under the title, for a table that does not follow the period (what is owed or on hand today). */
  note?: string;
  filename: string;
  /** The table's columns, from the kit of its row's usual ones or written out. */
  columns(column: ColumnKit<Row>): readonly ReportColumn<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string | number;
  empty: string;
}) {
  const columnList = columns(columnKit<Row>());
  const download = () =>
    downloadCsv(
      filename,
      toCsv(
        columnList.map((column) => column.header),
        rows.map((row) => columnList.map((column) => column.csv(row))),
      ),
    );
  const shown: ResponsiveColumn<Row>[] = columnList.map((column) => ({
    header: column.header,
    kind: column.kind,
    isNoWrap: column.isNoWrap,
    cell: (row) => column.cell?.(row) ?? column.csv(row),
  }));
  return (
    <Card withBorder radius="md">
      <Group justify="space-between" mb="sm" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Title order={4}>{title}</Title>
          {note && (
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          )}
        </div>
        <Button
          size="sm"
          variant="light"
          leftSection={<IconDownload size={16} />}
          onClick={download}
          disabled={rows.length === 0}
          aria-label={`Download CSV: ${title}`}
          style={{ flexShrink: 0 }}
        >
          CSV
        </Button>
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      ) : (
        <ResponsiveTable label={title} minWidth={480} columns={shown} rows={rows} rowKey={rowKey} />
      )}
    </Card>
  );
}
