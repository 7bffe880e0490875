import { Button, Card, Group, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type ResponsiveColumn, ResponsiveTable } from '../../ui/responsive-table';
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
  columns: readonly ReportColumn<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string | number;
  empty: string;
}) {
  const download = () =>
    downloadCsv(
      filename,
      toCsv(
        columns.map((column) => column.header),
        rows.map((row) => columns.map((column) => column.csv(row))),
      ),
    );
  const shown: ResponsiveColumn<Row>[] = columns.map((column) => ({
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
