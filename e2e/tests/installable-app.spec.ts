import { expect, test } from '../fixtures';
import { workerInCharge } from '../helpers/network';

test('the app installs: a manifest with its icons, and a service worker never cached for long', async ({ request }) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.ok()).toBe(true);
  expect(manifest.headers()['content-type']).toContain('manifest+json');
  const body = await manifest.json();
  expect(body).toMatchObject({ name: 'Oja', display: 'standalone', start_url: '/' });
  for (const icon of body.icons as { src: string; sizes: string; purpose?: string }[]) {
    const file = await request.get(`/${icon.src}`);
    expect(file.ok()).toBe(true);
    expect(file.headers()['content-type']).toBe('image/png');
  }
  expect(body.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(['192x192', '512x512', '512x512']);
  expect(body.icons.some((icon: { purpose?: string }) => icon.purpose === 'maskable')).toBe(true);

  const worker = await request.get('/sw.js');
  expect(worker.ok()).toBe(true);
  expect(worker.headers()['content-type']).toContain('javascript');
  expect(worker.headers()['cache-control']).toBe('no-cache');
});

test('once visited, the app opens with no network, and a repeat visit downloads no JS or CSS', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: /log in/i })).toBeVisible();
  await workerInCharge(page);

  const fromNetwork: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (/\.(js|css)$/.test(url.pathname) && !response.fromServiceWorker()) fromNetwork.push(url.pathname);
  });
  await page.reload();
  await expect(page.getByRole('button', { name: /log in/i })).toBeVisible();
  expect(fromNetwork).toEqual([]);

  await context.setOffline(true);
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: /create|register|sign up/i }).first()).toBeVisible();
  // The API is never answered by the worker: offline it fails as the network does.
  const api = await page.evaluate(() =>
    fetch('/api/v1/accounts/profile/').then(
      () => 'answered',
      () => 'failed',
    ),
  );
  expect(api).toBe('failed');
});
