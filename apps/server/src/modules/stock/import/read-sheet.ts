import {
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_UNPACKED_BYTES,
  IMPORT_MESSAGES,
} from '@oja/contract';
import type ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { badRequest } from '../../../platform/errors';
import { loadExcel, loadUnzip } from './sheet-libraries';

/** A row of the sheet: its number as a spreadsheet shows it (the first is 1) and each cell as text, blank when empty. */
export type SheetRow = { number: number; cells: string[] };
/** A sheet as text: its heading (its first row that is not blank) and the rows under it that are not blank. */
export type Sheet = { headings: string[]; rows: SheetRow[] };

/**
 * The most cells the worksheets of an .xlsx may hold: ExcelJS builds an object per cell, so this (with the rows)
 * is what bounds the memory a workbook takes once it is read, whatever its unpacked size.
 */
const MAX_XLSX_CELLS = (IMPORT_MAX_ROWS + 1) * 40;

/** How much of an archive is unpacked at a time. */
const PUSH_BYTES = 4 * 1024;

const tooManyRows = () => badRequest(IMPORT_MESSAGES.tooManyRows);
const unreadable = () => badRequest(IMPORT_MESSAGES.unreadable);

/**
 * Reads a file sent as base64. Every limit is checked before the work it bounds: the size before decoding, an
 * .xlsx's unpacked size and its rows and cells while it is unpacked (never trusting the sizes its directory
 * claims) and before ExcelJS reads it, a CSV's rows and columns while it is parsed. A file over a limit is a 400
 * with what to do; the server's memory stays within a few times the largest file.
 */
export async function readSheet(contentBase64: string): Promise<Sheet> {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(contentBase64) || contentBase64.length % 4 !== 0)
    throw badRequest(IMPORT_MESSAGES.notBase64);
  const bytes = Buffer.from(contentBase64, 'base64');
  if (bytes.length > IMPORT_MAX_FILE_BYTES) throw badRequest(IMPORT_MESSAGES.fileTooLarge);
  if (bytes.length === 0) throw badRequest(IMPORT_MESSAGES.empty);
  return sheetOf(isZip(bytes) ? await readXlsx(bytes) : readCsv(bytes));
}

/** An .xlsx is a zip archive: "PK\x03\x04". */
const isZip = (bytes: Buffer) => bytes.length > 4 && bytes.readUInt32LE(0) === 0x04034b50;

const isBlank = (row: SheetRow) => row.cells.every((cell) => cell.trim() === '');

/** The first row that is not blank is the heading; blank rows under it are dropped, their numbers kept. */
function sheetOf(lines: SheetRow[]): Sheet {
  const nonBlank = lines.filter((line) => !isBlank(line));
  const [heading, ...rows] = nonBlank;
  if (!heading) throw badRequest(IMPORT_MESSAGES.empty);
  const headings = heading.cells.map((cell) => cell.trim());
  while (headings.length > 0 && headings.at(-1) === '') headings.pop();
  if (headings.length > IMPORT_MAX_COLUMNS) throw badRequest(IMPORT_MESSAGES.tooManyColumns);
  if (rows.length === 0) throw badRequest(IMPORT_MESSAGES.empty);
  return { headings, rows };
}

/** UTF-8 when it is (Excel's "CSV UTF-8" and every other tool), else Windows-1252 (Excel's plain "CSV"). */
function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function readCsv(bytes: Buffer): SheetRow[] {
  const text = decodeText(bytes).replace(/^\uFEFF/, '');
  const lines: SheetRow[] = [];
  let isOver = false;
  let records = 0;
  // Row by row (step), so that a file over the limits stops where it goes over.
  Papa.parse<string[]>(text, {
    // Blank lines are kept (and dropped later) so that each row keeps the number a spreadsheet shows it under.
    skipEmptyLines: false,
    chunkSize: 64 * 1024,
    step: (result, parser) => {
      const cells = result.data;
      if (lines.length > IMPORT_MAX_ROWS + 1 || cells.length > IMPORT_MAX_COLUMNS * 20) {
        isOver = true;
        parser.abort();
        return;
      }
      records += 1;
      const row = { number: records, cells };
      // Only filled rows count toward the limit; blank ones are numbered and dropped.
      if (!isBlank(row)) lines.push(row);
    },
  });
  if (isOver && lines.length > IMPORT_MAX_ROWS + 1) throw tooManyRows();
  if (isOver) throw badRequest(IMPORT_MESSAGES.tooManyColumns);
  return lines;
}

/**
 * Unpacks the archive once, counting: the bytes of every entry, and the rows and cells of the worksheets. Stops
 * at the first limit passed, so that a zip bomb costs no more than the limit's worth of inflating.
 */
async function checkArchive(bytes: Buffer): Promise<void> {
  const { Unzip, UnzipInflate, UnzipPassThrough } = await loadUnzip();
  let unpacked = 0;
  let rows = 0;
  let cells = 0;
  let refusal: Error | null = null;
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  unzip.onfile = (file) => {
    const isWorksheet = /^xl\/worksheets\/[^/]+\.xml$/i.test(file.name);
    const decoder = new TextDecoder();
    let carry = '';
    file.ondata = (error, chunk, final) => {
      if (refusal) return;
      if (error) {
        refusal = unreadable();
        return;
      }
      unpacked += chunk.length;
      if (unpacked > IMPORT_MAX_UNPACKED_BYTES) {
        refusal = badRequest(IMPORT_MESSAGES.tooMuchUnpacked);
        file.terminate();
        return;
      }
      if (!isWorksheet) return;
      // The tags are counted across chunks: a tag cut in two is whole in carry + text.
      const text = carry + decoder.decode(chunk, { stream: !final });
      rows += text.match(/<row[\s>]/g)?.length ?? 0;
      cells += text.match(/<c[\s>/]/g)?.length ?? 0;
      carry = text.slice(-8).replace(/^.*?(<[^<]*)?$/, '$1');
      if (rows > IMPORT_MAX_ROWS + 1) refusal = tooManyRows();
      else if (cells > MAX_XLSX_CELLS) refusal = badRequest(IMPORT_MESSAGES.tooManyColumns);
      if (refusal) file.terminate();
    };
    if (file.compression !== 0 && file.compression !== 8) {
      refusal = unreadable();
      return;
    }
    file.start();
  };
  // Pushed a few kilobytes at a time: what one push inflates is bounded by deflate's ratio (about 1,000 to 1) times
  // the piece, so a bomb is stopped within a few megabytes of the limit instead of inflating whole in one call.
  try {
    for (let start = 0; start < bytes.length && !refusal; start += PUSH_BYTES) {
      const end = Math.min(start + PUSH_BYTES, bytes.length);
      unzip.push(bytes.subarray(start, end), end === bytes.length);
    }
  } catch {
    throw unreadable();
  }
  if (refusal) throw refusal;
}

/** A cell's value as the text a person sees: dates as YYYY-MM-DD, formulas by their result. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: ExcelJS.CellValue }).result);
  if ('text' in value) return String(value.text);
  return '';
}

async function readXlsx(bytes: Buffer): Promise<SheetRow[]> {
  await checkArchive(bytes);
  const { Workbook } = await loadExcel();
  const workbook = new Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw unreadable();
  }
  const worksheet = workbook.worksheets[0];
  if (!worksheet) throw badRequest(IMPORT_MESSAGES.empty);
  const lines: SheetRow[] = [];
  worksheet.eachRow((row) => {
    const cells: string[] = [];
    // row.values is 1-based and sparse.
    const values = row.values as ExcelJS.CellValue[];
    for (let column = 1; column < values.length; column++) cells.push(cellText(values[column]));
    lines.push({ number: row.number, cells });
  });
  return lines;
}
