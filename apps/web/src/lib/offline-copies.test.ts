import 'fake-indexeddb/auto';
import { MESSAGES } from '@oja/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { forgetAllCopies, keptCopy } from './kept-screens';
import { forgetScreenCopies, fromCopyWhenOffline, keepScreensOffline } from './offline-copies';

let owner: number | undefined = 7;
let isOnline = true;
const client = new QueryClient({
  defaultOptions: { queries: { retry: false, networkMode: 'always', persister: fromCopyWhenOffline } },
});
keepScreensOffline(client, () => owner);

const unreachable = () => Promise.reject(new ApiError('', 0, 'offline'));
const key = ['products', 1, 'list', {}];

beforeEach(() => {
  owner = 7;
  isOnline = true;
  vi.stubGlobal('navigator', {
    get onLine() {
      return isOnline;
    },
  });
  vi.stubGlobal('window', { addEventListener() {}, removeEventListener() {} });
});
afterEach(async () => {
  client.clear();
  forgetScreenCopies();
  await forgetAllCopies();
  vi.unstubAllGlobals();
});

describe('a screen read offline', () => {
  it('answers the copy kept online, dated when it was taken', async () => {
    await client.fetchQuery({ queryKey: key, queryFn: async () => ['rice'] });
    await vi.waitFor(async () => expect(await keptCopy(7, JSON.stringify(key))).toBeDefined());
    const takenAt = client.getQueryState(key)?.dataUpdatedAt;
    client.clear();

    isOnline = false;
    expect(await client.fetchQuery({ queryKey: key, queryFn: unreachable })).toEqual(['rice']);
    await vi.waitFor(() => expect(client.getQueryState(key)?.dataUpdatedAt).toBe(takenAt));
  });

  it('says a screen never kept needs the network', async () => {
    isOnline = false;
    await expect(client.fetchQuery({ queryKey: key, queryFn: unreachable })).rejects.toThrow(
      MESSAGES.offline.screenNeedsNetwork,
    );
  });

  it("never answers another person's copy", async () => {
    await client.fetchQuery({ queryKey: key, queryFn: async () => ['rice'] });
    await vi.waitFor(async () => expect(await keptCopy(7, JSON.stringify(key))).toBeDefined());
    client.clear();
    owner = 8;
    isOnline = false;
    await expect(client.fetchQuery({ queryKey: key, queryFn: unreachable })).rejects.toThrow(
      MESSAGES.offline.screenNeedsNetwork,
    );
  });

  it('keeps nothing once the person logged out', async () => {
    await client.fetchQuery({ queryKey: key, queryFn: async () => ['rice'] });
    owner = undefined;
    forgetScreenCopies();
    await new Promise((done) => setTimeout(done, 400));
    expect(await keptCopy(7, JSON.stringify(key))).toBeUndefined();
  });

  it('a refusal from the server is not answered from the copy', async () => {
    await client.fetchQuery({ queryKey: key, queryFn: async () => ['rice'] });
    await vi.waitFor(async () => expect(await keptCopy(7, JSON.stringify(key))).toBeDefined());
    client.clear();
    await expect(
      client.fetchQuery({ queryKey: key, queryFn: () => Promise.reject(new ApiError('Gone', 404, 'not_found')) }),
    ).rejects.toThrow('Gone');
  });
});
