/**
 * The .xlsx libraries, loaded with the first spreadsheet the server reads or writes, as pdfkit is with the first
 * PDF: imported at start, ExcelJS and the unzip of the zip-bomb check took the server's peak memory past its
 * target (the load bench's peak RSS row), for a feature most days never use. CSV needs neither.
 */
let excel: Promise<typeof import('exceljs')> | undefined;
export const loadExcel = () => {
  excel ??= import('exceljs').then((module) => module.default ?? module);
  return excel;
};

let unzip: Promise<typeof import('fflate')> | undefined;
export const loadUnzip = () => {
  unzip ??= import('fflate');
  return unzip;
};
