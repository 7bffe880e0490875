/**
 * A table as CSV that Excel and Google Sheets open as it is: UTF-8 with a byte order mark (Excel
 * reads ₦ and accented names right only with it), a header row, CRLF line ends, and every value
 * quoted when it holds a comma, a quote or a line break. Amounts go in as the plain decimals the
 * API sends ("1500.00"), never formatted, so that a spreadsheet can add them up.
 */
export const CSV_BOM = '\uFEFF';

export type CsvValue = string | number | null | undefined;

function cell(value: CsvValue): string {
  const text = value === null || value === undefined ? '' : String(value);
  // A leading = + - @ would be run as a formula by a spreadsheet; amounts are never negative text here
  // except profits, which stay numbers: only quote-protect text that is not a plain number.
  const isNumber = /^-?\d+(\.\d+)?$/.test(text);
  const safe = !isNumber && /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(cell).join(','));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

/** Saves the CSV as a file on the phone or computer. */
export function downloadCsv(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
