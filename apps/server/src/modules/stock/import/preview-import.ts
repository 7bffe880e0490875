import { IMPORT_PREVIEW_ROWS, type ImportPreview, type previewImportBodySchema } from '@oja/contract';
import type { z } from 'zod';
import type { BusinessContext } from '../../../platform/tenancy';
import { type ReadRows, readRows } from './import-rows';
import { type Plan, planImport } from './plan-import';
import { readSheet } from './read-sheet';

type Input = z.output<typeof previewImportBodySchema>;

/** The plan as the preview shows it: every bad row, and the rows that would add or change a product. */
export function previewOf(fileName: string, rowsRead: number, read: ReadRows, plan: Plan): ImportPreview {
  return {
    file_name: fileName,
    rows_read: rowsRead,
    columns: read.columns,
    counts: plan.counts,
    rows: plan.rows
      .filter((row) => row.status !== 'unchanged')
      .slice(0, IMPORT_PREVIEW_ROWS)
      .map((row) => ({
        row: row.row,
        status: row.status,
        product_name: row.values.product_name,
        sku: row.values.sku ?? null,
        changes: Object.keys(row.changes),
        ...(read.fields.has('base_unit') ? { base_unit: row.values.base_unit ?? null } : {}),
        ...(read.hasPacks
          ? { packs: (row.values.packs ?? []).map((pack) => ({ name: pack.name, units: pack.units })) }
          : {}),
      })),
    errors: plan.bad,
  };
}

/** Reads the file and says what importing it would do. Nothing is written. */
export async function previewImport(ctx: BusinessContext, input: Input): Promise<ImportPreview> {
  const sheet = await readSheet(input.content_base64);
  const read = readRows(sheet);
  const plan = await planImport(ctx.db, ctx.businessId, read, { locked: false });
  return previewOf(input.file_name, sheet.rows.length, read, plan);
}
