import { IMPORT_MESSAGES, STOCK_MESSAGES } from '@oja/contract';
import { expect, test } from '../fixtures';
import { signUpCeoViaApi } from '../helpers/api';
import { expectNoSidewaysScroll, shot } from '../helpers/phone';
import { expectThumbSized, smallTargets } from '../helpers/thumb';

/**
 * A shop's catalogue from a spreadsheet, on a phone: a 200-row file with three bad rows is checked, the bad rows are
 * listed with their row numbers and reasons, nothing is saved until the owner confirms, then the products are there.
 */

/** 200 products; rows 41, 102 and 160 of the sheet are bad (a repeated SKU, a price that is no amount, a false date). */
function catalogue(run: string): string {
  const lines = ['Product Name,SKU,Barcode,Buying price,Selling price,Qty,Expiry'];
  for (let i = 1; i <= 200; i++) {
    const row = i + 1;
    const sku = row === 41 ? `${run}-1` : `${run}-${i}`;
    const price = row === 102 ? 'two hundred' : `${150 + i}`;
    const expiry = row === 160 ? '31/02/2027' : '30/06/2030';
    lines.push(`Item ${run} ${i},${sku},,${100 + i},${price},${i % 20},${expiry}`);
  }
  return `${lines.join('\n')}\n`;
}

test('imports a 200-row file with three bad rows: preview, the bad rows listed, confirm, the products are there', async ({
  page,
}) => {
  const ceo = await signUpCeoViaApi(page);
  const run = String(Date.now()).slice(-6);

  await page.goto(`/business/${ceo.slug}/inventory`);
  const toImport = page.getByRole('link', { name: 'Import' });
  await expectThumbSized(toImport);
  await page.screenshot({ path: shot('inventory-with-import') });
  await toImport.tap();
  await expect(page.getByRole('heading', { name: 'Import products' })).toBeVisible();
  await expectThumbSized(page.getByRole('button', { name: 'Choose a file' }));

  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(catalogue(run)) });

  const preview = page.getByLabel('Preview');
  await expect(preview.getByText('New 197')).toBeVisible();
  await expect(preview.getByText('Bad rows 3', { exact: true })).toBeVisible();
  const bad = page.getByRole('list', { name: 'Bad rows' });
  await expect(bad.getByRole('listitem')).toHaveText([
    `Row 41: ${IMPORT_MESSAGES.duplicateSku(2)}`,
    /^Row 102: Selling price/,
    `Row 160: ${IMPORT_MESSAGES.date}`,
  ]);
  await expectNoSidewaysScroll(page);
  expect(await smallTargets(page)).toEqual([]);
  await page.screenshot({ path: shot('import-preview'), fullPage: true });

  // Nothing is saved before the owner confirms.
  await page.goto(`/business/${ceo.slug}/inventory`);
  await expect(page.getByText(STOCK_MESSAGES.noProducts)).toBeVisible();
  await page.goBack();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(catalogue(run)) });
  const confirm = page.getByRole('button', { name: 'Import 197' });
  await expectThumbSized(confirm);
  await confirm.tap();
  await expect(page.getByRole('status').getByText(IMPORT_MESSAGES.done({ new: 197, updated: 0 }))).toBeVisible();
  await page.screenshot({ path: shot('import-done'), fullPage: true });

  await page.getByRole('link', { name: 'Go to inventory' }).tap();
  const search = page.getByRole('searchbox', { name: 'Search products' });
  await search.fill(`Item ${run} 200`);
  await expect(page.getByRole('group', { name: `Item ${run} 200`, exact: true })).toBeVisible();
  await search.fill(`Item ${run} 101`);
  await expect(page.getByText(STOCK_MESSAGES.noProducts)).toBeVisible();
});
