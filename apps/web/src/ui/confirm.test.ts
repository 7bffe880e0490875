import { describe, expect, it, vi } from 'vitest';

const toasts: string[] = [];
vi.mock('../lib/notify', () => ({ notify: { error: (message: string) => toasts.push(message) } }));
// The history entry a dialog adds for the back button is a browser's (e2e/tests/back-closes-dialog.spec.ts).
vi.mock('./back-closes', () => ({ openLayer: () => () => {} }));
const opened: unknown[] = [];
let isOffline = true;
vi.mock('@mantine/modals', () => {
  if (isOffline) throw new Error('Failed to fetch dynamically imported module');
  return { modals: { openConfirmModal: (props: unknown) => opened.push(props) } };
});

const { modalsHost, openConfirm } = await import('./confirm');
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('openConfirm', () => {
  it("says so when the dialog host's code does not come, and asks again at the next confirmation", async () => {
    const { MESSAGES } = await import('@oja/contract');
    expect(modalsHost.attempt()).toBe(-1);
    openConfirm({ title: 'Delete product' });
    expect(modalsHost.attempt()).toBe(0); // Overlays mounts the host of attempt 0
    await settle();
    expect(toasts).toEqual([MESSAGES.failed.network]);
    expect(opened).toEqual([]);
    expect(modalsHost.attempt()).toBe(-1); // the failed host is taken away

    isOffline = false;
    vi.resetModules(); // the failed import is not remembered (as a browser retries a failed chunk)
    openConfirm({ title: 'Delete product' });
    expect(modalsHost.attempt()).toBe(1); // a new lazy host
    modalsHost.mounted(); // what Overlays does once that host has mounted
    await settle();
    expect(opened).toMatchObject([{ title: 'Delete product' }]);
    expect(toasts).toEqual([MESSAGES.failed.network]); // the first failure's only
  });

  it('runs its action once, however often its button is tapped', async () => {
    const deletes: string[] = [];
    openConfirm({ title: 'Delete Business', onConfirm: () => deletes.push('DELETE') });
    await settle();
    const dialog = opened.at(-1) as { title: string; onConfirm(): void };
    expect(dialog.title).toBe('Delete Business');
    dialog.onConfirm();
    dialog.onConfirm(); // the second tap of a double tap, while the dialog closes
    expect(deletes).toEqual(['DELETE']);

    // Another confirmation is another action.
    openConfirm({ title: 'Delete user', onConfirm: () => deletes.push('DELETE user') });
    await settle();
    (opened.at(-1) as { onConfirm(): void }).onConfirm();
    expect(deletes).toEqual(['DELETE', 'DELETE user']);
  });
});
