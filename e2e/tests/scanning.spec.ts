import { SCAN_MESSAGES } from '@oja/contract';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { createProduct, signUpCeoViaApi } from '../helpers/api';
import { launchWithFakeCamera, writeBarcodeVideo } from '../helpers/fake-camera';
import { expectThumbSized } from '../helpers/thumb';

/**
 * The phone's camera as a scanner, in Chromium with a fake camera that films a real barcode (bwip-js): the app's
 * own reader (ZXing in WebAssembly: desktop Chromium on Linux has no BarcodeDetector) reads it.
 */

const productCard = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

/** A phone's page in a browser of this test's own (the fake camera is a launch flag). */
async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 360, height: 780 },
    hasTouch: true,
    reducedMotion: 'reduce',
  });
  // Watches (does not replace) the camera: which streams the page opened, to see that closing stops them.
  await context.addInitScript(() => {
    const streams: MediaStream[] = [];
    Object.assign(window, { openedStreams: streams });
    const devices = navigator.mediaDevices;
    if (!devices) return;
    const open = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (constraints) => {
      const stream = await open(constraints);
      streams.push(stream);
      return stream;
    };
  });
  return context.newPage();
}

/** The scanner's download: its reader's code and WebAssembly, with where each came from. */
function watchScannerDownloads(page: Page) {
  const urls: string[] = [];
  page.on('requestfinished', (request) => {
    if (/zxing/i.test(request.url())) urls.push(request.url());
  });
  return urls;
}

test('a barcode shown to the camera finds its product in the inventory', async ({
  playwright,
  launchOptions,
}, info) => {
  const sku = '5901234123457';
  const video = await writeBarcodeVideo(info.outputPath('ean13.y4m'), { bcid: 'ean13', text: sku });
  const browser = await launchWithFakeCamera(playwright.chromium, launchOptions, { video, grant: true });
  try {
    const page = await phonePage(browser);
    const ceo = await signUpCeoViaApi(page);
    await createProduct(page, ceo.businessId, 'Peak Milk Tin 400g', '2500.00', 12, { sku });
    await createProduct(page, ceo.businessId, 'Indomie Chicken 70g', '250.00', 40, { sku: 'IND-70' });
    const downloads = watchScannerDownloads(page);

    await page.goto(`/business/${ceo.slug}/inventory`);
    await expect(productCard(page, 'Indomie Chicken 70g')).toBeVisible();
    // The page comes without the scanner: it downloads when the camera opens.
    expect(downloads).toEqual([]);

    const scan = page.getByRole('button', { name: SCAN_MESSAGES.title });
    await expectThumbSized(scan);
    await scan.tap();
    const dialog = page.getByRole('dialog', { name: SCAN_MESSAGES.title });
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: info.outputPath('scanner-open.png') });

    // The code is read, the camera closes, and the product with that code opens, as a scanner's Enter opens it.
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/inventory\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Peak Milk Tin 400g' })).toBeVisible();

    // The WebAssembly came from Oja itself (no CDN: the shop's network may be closed or gone).
    const origin = new URL(process.env.E2E_BASE_URL ?? '').origin;
    expect(downloads.some((url) => url.endsWith('.wasm'))).toBe(true);
    for (const url of downloads) expect(new URL(url).origin).toBe(origin);

    // Closing the scanner let go of the camera: every track it opened has ended.
    const tracks = await page.evaluate(() =>
      (window as unknown as { openedStreams: MediaStream[] }).openedStreams.flatMap((stream) =>
        stream.getTracks().map((track) => track.readyState),
      ),
    );
    expect(tracks.length).toBeGreaterThan(0);
    expect(tracks.every((state) => state === 'ended')).toBe(true);
  } finally {
    await browser.close();
  }
});

test('a Code 128 label is read too', async ({ playwright, launchOptions }, info) => {
  const sku = 'OJA-RICE-50KG';
  const video = await writeBarcodeVideo(info.outputPath('code128.y4m'), { bcid: 'code128', text: sku });
  const browser = await launchWithFakeCamera(playwright.chromium, launchOptions, { video, grant: true });
  try {
    const page = await phonePage(browser);
    const ceo = await signUpCeoViaApi(page);
    await createProduct(page, ceo.businessId, 'Mama Gold Rice 50kg', '78000.00', 5, { sku });
    await createProduct(page, ceo.businessId, 'Golden Penny Sugar', '1800.00', 9, { sku: 'GP-SUGAR' });
    await page.goto(`/business/${ceo.slug}/inventory`);
    await expect(productCard(page, 'Golden Penny Sugar')).toBeVisible();
    await page.getByRole('button', { name: SCAN_MESSAGES.title }).tap();
    await expect(page.getByRole('dialog', { name: SCAN_MESSAGES.title })).toBeHidden({ timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Mama Gold Rice 50kg' })).toBeVisible();
  } finally {
    await browser.close();
  }
});

test('with no code in sight the scanner keeps looking, and its Close lets go of the camera', async ({
  playwright,
  launchOptions,
}, info) => {
  // Chromium's own fake picture (a moving test pattern): a camera that works, with no barcode in it.
  const browser = await launchWithFakeCamera(playwright.chromium, launchOptions, { grant: true });
  try {
    const page = await phonePage(browser);
    const ceo = await signUpCeoViaApi(page);
    await createProduct(page, ceo.businessId, 'Golden Penny Sugar', '1800.00', 9, { sku: 'GP-SUGAR' });
    await page.goto(`/business/${ceo.slug}/inventory`);
    await page.getByRole('button', { name: SCAN_MESSAGES.title }).tap();
    const dialog = page.getByRole('dialog', { name: SCAN_MESSAGES.title });
    // Reading frames (the reader has loaded), and nothing is made up from a picture without a code.
    await expect(dialog.getByText(SCAN_MESSAGES.aim)).toBeVisible({ timeout: 30_000 });
    await page.waitForTimeout(1500);
    await expect(dialog).toBeVisible();
    await expect(page.getByLabel('Search products')).toHaveValue('');
    await page.screenshot({ path: info.outputPath('scanner-looking.png') });

    const close = dialog.getByRole('button', { name: 'Close', exact: true }).last();
    await expectThumbSized(close);
    await close.tap();
    await expect(dialog).toBeHidden();
    const tracks = await page.evaluate(() =>
      (window as unknown as { openedStreams: MediaStream[] }).openedStreams.flatMap((stream) =>
        stream.getTracks().map((track) => track.readyState),
      ),
    );
    expect(tracks.length).toBeGreaterThan(0);
    expect(tracks.every((state) => state === 'ended')).toBe(true);
  } finally {
    await browser.close();
  }
});

test('a camera refused says so in the scanner, downloads no reader, and the search box still finds by typing', async ({
  playwright,
  launchOptions,
}) => {
  // A camera is there, but the person is asked and does not allow it.
  const browser = await launchWithFakeCamera(playwright.chromium, launchOptions, { grant: false });
  try {
    const page = await phonePage(browser);
    const ceo = await signUpCeoViaApi(page);
    await createProduct(page, ceo.businessId, 'Dangote Sugar 1kg', '1500.00', 20, { sku: 'DS-1KG' });
    await createProduct(page, ceo.businessId, 'Milo Refill 500g', '3200.00', 6, { sku: 'MILO-500' });
    const downloads = watchScannerDownloads(page);
    await page.goto(`/business/${ceo.slug}/inventory`);

    await page.getByRole('button', { name: SCAN_MESSAGES.title }).tap();
    const dialog = page.getByRole('dialog', { name: SCAN_MESSAGES.title });
    await expect(dialog.getByRole('alert')).toContainText(SCAN_MESSAGES.cameraDenied);
    await page.screenshot({ path: test.info().outputPath('scanner-refused.png') });
    expect(downloads).toEqual([]);

    await dialog.getByRole('button', { name: 'Close', exact: true }).last().tap();
    await expect(dialog).toBeHidden();
    await page.getByLabel('Search products').fill('MILO-500');
    await expect(productCard(page, 'Milo Refill 500g')).toBeVisible();
    await expect(productCard(page, 'Dangote Sugar 1kg')).toHaveCount(0);
  } finally {
    await browser.close();
  }
});

test('a phone without a camera says so, and the search box still finds by typing', async ({ page }) => {
  // The suite's own browser: no fake device, and the machine has no camera.
  const ceo = await signUpCeoViaApi(page);
  await createProduct(page, ceo.businessId, 'Titus Sardine', '900.00', 15, { sku: 'TITUS-125' });
  await createProduct(page, ceo.businessId, 'Kings Oil 1L', '2800.00', 4, { sku: 'KINGS-1L' });
  await page.goto(`/business/${ceo.slug}/inventory`);
  await page.getByRole('button', { name: SCAN_MESSAGES.title }).tap();
  const dialog = page.getByRole('dialog', { name: SCAN_MESSAGES.title });
  await expect(dialog.getByRole('alert')).toContainText(SCAN_MESSAGES.cameraMissing);
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().tap();
  await page.getByLabel('Search products').fill('KINGS-1L');
  await expect(productCard(page, 'Kings Oil 1L')).toBeVisible();
  await expect(productCard(page, 'Titus Sardine')).toHaveCount(0);
});
