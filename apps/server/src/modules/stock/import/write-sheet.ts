import { PassThrough } from 'node:stream';
import type { SheetFormat } from '@oja/contract';
import Papa from 'papaparse';
import { loadExcel } from './sheet-libraries';

/** A cell of an export: text (money stays the exact text it is stored as) or a whole count. */
export type OutCell = string | number | null;

export const SHEET_TYPES: Record<SheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * A sheet of the import's format: the heading, then one row per product. A CSV starts with the UTF-8 mark so that
 * Excel reads ₦ and accents as they are, and a cell that a spreadsheet would run as a formula (=, +, -, @) is
 * quoted with a leading ' (the import takes it off again). An .xlsx is written as a stream, row by row, so a large
 * catalogue never sits in memory as a workbook of cell objects.
 */
export async function writeSheet(format: SheetFormat, headings: readonly string[], rows: readonly OutCell[][]) {
  if (format === 'csv') {
    const text = Papa.unparse(
      { fields: [...headings], data: rows.map((row) => row.map((cell) => cell ?? '')) },
      {
        escapeFormulae: true,
      },
    );
    return Buffer.from(`\uFEFF${text}\r\n`, 'utf8');
  }
  const stream = new PassThrough();
  const parts: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => parts.push(chunk));
  const { stream: excelStream } = await loadExcel();
  const workbook = new excelStream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Products');
  sheet.columns = headings.map((heading) => ({ header: heading, width: Math.max(12, heading.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for (const row of rows) sheet.addRow(row.map((cell) => cell ?? null)).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(parts);
}
