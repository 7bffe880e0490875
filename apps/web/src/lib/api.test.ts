import {
  ACCOUNT_ENDPOINTS,
  API_PREFIX,
  BUSINESS_ENDPOINTS,
  CSRF_HEADER,
  IDEMPOTENCY_HEADER,
  MESSAGES,
  SALES_ENDPOINTS,
  STOCK_ENDPOINTS,
  TEAM_ENDPOINTS,
} from '@oja/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, data, errorMessage, setSessionLostHandler, withReason } from './api';
import { EARLY_READS } from './early-reads';

type Sent = { url: string; method: string; headers: Record<string, string>; body: string | undefined };

const envelope = (status: number, payload: object) =>
  new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
const ok = (responseData: object) => envelope(200, { response_description: 'Done.', response_data: responseData });
const expired = () => envelope(401, { response_description: 'Session expired.', code: 'not_authenticated' });

/** A fake server: answers each request with the next scripted response, and records what was sent. */
function serve(answer: (request: Sent) => Response) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const request = {
        url,
        method: init.method ?? 'GET',
        headers: init.headers as Record<string, string>,
        body: init.body as string | undefined,
      };
      sent.push(request);
      return answer(request);
    }),
  );
  return sent;
}

beforeEach(() => {
  vi.stubGlobal('document', { cookie: 'other=1; csrftoken=token%3D1' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setSessionLostHandler(() => {});
});

describe('the reads index.html started (lib/early-reads.ts)', () => {
  const profileUrl = `${API_PREFIX}${ACCOUNT_ENDPOINTS.profile.path}`;
  const started = (answer: Promise<Response>) => vi.stubGlobal('window', { [EARLY_READS]: { [profileUrl]: answer } });

  it('answer the same GET once, without asking the server again', async () => {
    started(Promise.resolve(ok({ user: { id: 3 } })));
    const sent = serve(() => ok({ user: { id: 4 } }));
    expect((await call(ACCOUNT_ENDPOINTS.profile)).data).toEqual({ user: { id: 3 } });
    expect(sent).toHaveLength(0);
    expect((await call(ACCOUNT_ENDPOINTS.profile)).data).toEqual({ user: { id: 4 } });
    expect(sent).toHaveLength(1);
  });

  it("an early read's 401 is refreshed and asked again like any other", async () => {
    started(Promise.resolve(expired()));
    const sent = serve(() => ok({ user: { id: 5 } }));
    expect((await call(ACCOUNT_ENDPOINTS.profile)).data).toEqual({ user: { id: 5 } });
    expect(sent.map((request) => request.url)).toEqual([`${API_PREFIX}${ACCOUNT_ENDPOINTS.refresh.path}`, profileUrl]);
  });

  it('a failed early read is asked again at once', async () => {
    started(Promise.reject(new TypeError('Failed to fetch')));
    const sent = serve(() => ok({ user: { id: 6 } }));
    expect((await call(ACCOUNT_ENDPOINTS.profile)).data).toEqual({ user: { id: 6 } });
    expect(sent).toHaveLength(1);
  });
});

describe('the typed API client', () => {
  it('sends a GET input as the query string, leaving empty values out', async () => {
    const sent = serve(() => ok({ results: [] }));
    const answer = await call(STOCK_ENDPOINTS.listProducts, { business_id: 7, search: 'rice', stock: undefined });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe(`${API_PREFIX}/stock/products/list_products/?business_id=7&search=rice`);
    expect(sent[0]?.method).toBe('GET');
    expect(sent[0]?.body).toBeUndefined();
    expect(sent[0]?.headers[CSRF_HEADER]).toBeUndefined();
    expect(answer).toEqual({ description: 'Done.', data: { results: [] } });
  });

  it('sends other methods as JSON with the anti-forgery header and the headers the entry declares', async () => {
    const sent = serve(() => ok({ sale: { id: 1 } }));
    await call(
      SALES_ENDPOINTS.confirmSale,
      { business_id: 7, cart_id: 3 },
      { headers: { [IDEMPOTENCY_HEADER]: 'sale-12345678' } },
    );
    expect(sent[0]?.url).toBe(`${API_PREFIX}/sales/`);
    expect(sent[0]?.method).toBe('POST');
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({ business_id: 7, cart_id: 3 });
    expect(sent[0]?.headers).toMatchObject({
      'content-type': 'application/json',
      [CSRF_HEADER]: 'token=1',
      [IDEMPOTENCY_HEADER]: 'sale-12345678',
    });
  });

  it('unwraps the data alone', async () => {
    serve(() => ok({ user: { id: 1 } }));
    await expect(data(call(ACCOUNT_ENDPOINTS.profile))).resolves.toEqual({ user: { id: 1 } });
  });

  it('refreshes an expired session once for parallel calls, then repeats each call', async () => {
    let isFresh = false;
    const sent = serve((request) => {
      if (request.url.endsWith(ACCOUNT_ENDPOINTS.refresh.path)) {
        isFresh = true;
        return ok({});
      }
      return isFresh ? ok({ user: { id: 1 } }) : expired();
    });
    await Promise.all([call(ACCOUNT_ENDPOINTS.profile), call(ACCOUNT_ENDPOINTS.profile)]);
    const refreshes = sent.filter((request) => request.url.endsWith(ACCOUNT_ENDPOINTS.refresh.path));
    expect(refreshes).toHaveLength(1);
    // The refresh token rides in its cookie: no body is sent.
    expect(refreshes[0]?.body).toBeUndefined();
    expect(sent.filter((request) => request.url.endsWith(ACCOUNT_ENDPOINTS.profile.path))).toHaveLength(4);
  });

  it('reports a lost session when the refresh fails too', async () => {
    const lost = vi.fn();
    setSessionLostHandler(lost);
    serve(() => expired());
    await expect(call(ACCOUNT_ENDPOINTS.profile)).rejects.toMatchObject({ status: 401 });
    expect(lost).toHaveBeenCalledOnce();
  });

  it('never refreshes for the calls that start or end a session', async () => {
    const sent = serve(() => envelope(401, { response_description: 'Invalid credentials.', code: 'auth_failed' }));
    const failure = call(ACCOUNT_ENDPOINTS.login, { email_or_username: 'ada', password: 'secret' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ message: 'Invalid credentials.', code: 'auth_failed' });
    expect(sent).toHaveLength(1);
  });
});

describe('what a failed call says', () => {
  const createBusiness = () => call(BUSINESS_ENDPOINTS.createBusiness, { name: 'Ada Stores' });
  const failureOf = async (answer: Promise<unknown>) => {
    try {
      await answer;
    } catch (error) {
      return error;
    }
    throw new Error('The call did not fail.');
  };

  it("a bare 500 says the screen's default, not a status code", async () => {
    serve(() => new Response(null, { status: 500 }));
    const error = await failureOf(createBusiness());
    expect(error).toMatchObject({ status: 500, code: 'internal_error', message: '' });
    expect(errorMessage(error, MESSAGES.failed.createBusiness)).toBe('Failed to create business');
  });

  it("an answer that is not JSON (a proxy's error page) says the screen's default too", async () => {
    serve(() => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const error = await failureOf(call(BUSINESS_ENDPOINTS.listBusinesses));
    expect(errorMessage(error, MESSAGES.failed.fetchBusinesses)).toBe('Failed to fetch businesses');
  });

  it.each([
    ['message', { message: 'Name is taken.', response_description: 'Other.', detail: 'Other.' }, 'Name is taken.'],
    ['response_description', { response_description: 'Name is taken.', detail: 'Other.' }, 'Name is taken.'],
    ['detail', { detail: 'Name is taken.' }, 'Name is taken.'],
    ['a blank message, then detail', { message: '  ', detail: 'Name is taken.' }, 'Name is taken.'],
    ['response_data.detail (a user update)', { response_data: { detail: 'Name is taken.' } }, 'Name is taken.'],
  ])("the server's %s is shown", async (_field, payload, shown) => {
    serve(() => envelope(400, { code: 'validation_error', ...payload }));
    const error = await failureOf(createBusiness());
    expect(errorMessage(error, MESSAGES.failed.createBusiness)).toBe(shown);
  });

  it('an answer whose fields are not text falls back as well', async () => {
    serve(() => envelope(500, { message: 42, detail: null, code: 7, errors: 'none' }));
    const error = await failureOf(createBusiness());
    expect(error).toMatchObject({ code: 'internal_error', fieldErrors: {} });
    expect(errorMessage(error, MESSAGES.failed.createBusiness)).toBe('Failed to create business');
  });

  it('a call that never reached the server keeps its own message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await failureOf(createBusiness());
    expect(errorMessage(error, MESSAGES.failed.createBusiness)).toBe(MESSAGES.failed.network);
  });

  it('a sentence with a reason takes the reason; without one, the plain default', async () => {
    serve(() => new Response(null, { status: 500 }));
    const bare = await failureOf(call(TEAM_ENDPOINTS.deleteBusinessUsers, { business_id: 1, user_ids: [2] }));
    expect(errorMessage(withReason(bare, MESSAGES.toast.deleteUser), MESSAGES.failed.deleteUsers)).toBe(
      'Failed to delete users',
    );

    serve(() => envelope(404, { response_description: 'User not found.', code: 'not_found', errors: { user: ['x'] } }));
    const told = await failureOf(call(TEAM_ENDPOINTS.deleteBusinessUsers, { business_id: 1, user_ids: [2] }));
    const reasoned = withReason(told, MESSAGES.toast.deleteUser);
    expect(errorMessage(reasoned, MESSAGES.failed.deleteUsers)).toBe('Failed to delete user: User not found.');
    // Still the same failure for the form that shows it: status, code and field errors kept.
    expect(reasoned).toMatchObject({ status: 404, code: 'not_found', fieldErrors: { user: ['x'] } });

    expect(errorMessage(withReason(new Error('boom'), MESSAGES.toast.deleteUser), MESSAGES.failed.deleteUsers)).toBe(
      'Failed to delete users',
    );
  });
});
