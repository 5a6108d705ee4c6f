import { endpoints } from '@tollgate/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, callEndpoint, REQUEST_FAILED_CODE, requestEnvelope, setSessionEndHandler } from './http';
import { storeLanguage } from './language';
import { readToken, storeToken } from './session';

interface SentRequest {
  url: URL;
  init: RequestInit;
  headers: Record<string, string>;
}

const sent: SentRequest[] = [];

function respondWith(body: unknown, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      sent.push({
        url: new URL(input, 'http://localhost'),
        init,
        headers: init.headers as Record<string, string>,
      });
      return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
    }),
  );
}

const lastRequest = () => {
  const request = sent.at(-1);
  if (!request) throw new Error('no request was sent');
  return request;
};

beforeEach(() => {
  sent.length = 0;
  setSessionEndHandler(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('http client: the envelope', () => {
  it('returns data when code is 0, whatever the path', async () => {
    respondWith({ code: 0, data: { totalBalance: '12.5', userBalanceList: [] }, message: 'ok' });
    await expect(callEndpoint('accountInfo')).resolves.toEqual({ totalBalance: '12.5', userBalanceList: [] });
    expect(lastRequest().url.pathname).toBe(`/front${endpoints.accountInfo.path}`);
    expect(lastRequest().init.method).toBe('GET');
  });

  it('throws an ApiError with code, message and data on a non-zero code, even with HTTP 400', async () => {
    respondWith({ code: 1101, data: { requestId: 'r1' }, message: 'Incorrect email or password' }, 400);
    const error = await callEndpoint('login', { email: 'a@b.co', password: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 1101,
      message: 'Incorrect email or password',
      data: { requestId: 'r1' },
    });
  });

  it('reads `msg` when there is no `message`', async () => {
    respondWith({ code: 500, data: null, msg: 'busy' }, 500);
    await expect(callEndpoint('coinList')).rejects.toMatchObject({ code: 500, message: 'busy' });
  });

  it('turns a network failure or a non-JSON answer into a localized "request failed"', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(callEndpoint('chainList')).rejects.toMatchObject({
      code: REQUEST_FAILED_CODE,
      message: 'Request failed, please try again later',
    });
    respondWith('<html>502 Bad Gateway</html>', 502);
    await expect(callEndpoint('chainList')).rejects.toMatchObject({ code: REQUEST_FAILED_CODE });
  });

  it('times out after the request timeout', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const pending = callEndpoint('merchantInfo').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(pending).resolves.toMatchObject({ code: REQUEST_FAILED_CODE });
  });
});

describe('http client: the session', () => {
  it.each([401, 4000])(
    'code %i clears sessionStorage and the token cookie and ends the session',
    async (code) => {
      storeToken('tok-1');
      window.sessionStorage.setItem('other', 'x');
      const onEnd = vi.fn();
      setSessionEndHandler(onEnd);
      respondWith({ code, data: null, message: 'Please log in first' }, 401);
      await expect(callEndpoint('merchantInfo')).rejects.toMatchObject({ code });
      expect(window.sessionStorage.length).toBe(0);
      expect(document.cookie).not.toContain('token=');
      expect(readToken()).toBeUndefined();
      expect(onEnd).toHaveBeenCalledTimes(1);
    },
  );

  it('sends nothing that needs the session once it ended here, until the next login', async () => {
    storeToken('tok-3');
    respondWith({ code: 401, data: null, message: 'Please log in first' }, 401);
    await expect(callEndpoint('merchantInfo')).rejects.toMatchObject({ code: 401 });
    expect(sent).toHaveLength(1);
    // A refetch or a poll after the end: refused here, not sent (it would only draw another 401).
    await expect(callEndpoint('accountInfo')).rejects.toMatchObject({
      code: 401,
      message: 'Please log in first',
    });
    expect(sent).toHaveLength(1);
    // Calls that need no session still go, and a login opens the way again.
    respondWith({ code: 0, data: [], message: 'ok' });
    await callEndpoint('coinList');
    expect(sent).toHaveLength(2);
    storeToken('tok-4');
    await callEndpoint('accountInfo');
    expect(lastRequest().headers['x-auth-token']).toBe('tok-4');
  });

  it('sends the token it is given instead of the stored one (logout, after the session was dropped)', async () => {
    respondWith({ code: 0, data: null, message: 'ok' });
    storeToken('tok-5');
    await callEndpoint('logout', {}, { token: 'tok-kept' });
    expect(lastRequest().headers['x-auth-token']).toBe('tok-kept');
  });

  it('sends the token from sessionStorage, else from the cookie', async () => {
    respondWith({ code: 0, data: null, message: 'ok' });
    storeToken('tok-2');
    await callEndpoint('merchantInfo');
    expect(lastRequest().headers['x-auth-token']).toBe('tok-2');
    window.sessionStorage.clear();
    await callEndpoint('merchantInfo');
    expect(lastRequest().headers['x-auth-token']).toBe('tok-2');
  });

  it('passes 601 through to the caller when asked to', async () => {
    respondWith({
      code: 601,
      data: { needGoogle: true },
      message: 'Please enter your Google Authenticator code',
    });
    const envelope = await requestEnvelope(
      'login',
      { email: 'a@b.co', password: 'x' },
      { resolveCodes: [601] },
    );
    expect(envelope).toEqual({
      code: 601,
      data: { needGoogle: true },
      message: 'Please enter your Google Authenticator code',
    });
    await expect(callEndpoint('login', { email: 'a@b.co', password: 'x' })).rejects.toMatchObject({
      code: 601,
    });
  });
});

describe('http client: encodings and common parameters', () => {
  it('GET: v timestamp and langCode in the query, lang header', async () => {
    storeLanguage('vi_VN');
    respondWith({ code: 0, data: [], message: 'ok' });
    const before = Date.now();
    await callEndpoint('coinList');
    const { url, headers, init } = lastRequest();
    expect(Number(url.searchParams.get('v'))).toBeGreaterThanOrEqual(before);
    expect(url.searchParams.get('langCode')).toBe('vi_VN');
    expect(headers.lang).toBe('vi_VN');
    expect(init.body).toBeUndefined();
  });

  it('form: URLSearchParams body with langCode added', async () => {
    storeLanguage('en_US');
    respondWith({ code: 0, data: null, message: 'ok' });
    await callEndpoint('login', { email: 'demo@tollgate.dev', password: 'Tollgate2026' });
    const { url, init, headers } = lastRequest();
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(URLSearchParams);
    const body = init.body as URLSearchParams;
    expect(body.get('email')).toBe('demo@tollgate.dev');
    expect(body.get('langCode')).toBe('en_US');
    expect(headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(url.searchParams.get('v')).toMatch(/^\d+$/);
  });

  it('keeps a langCode the caller set', async () => {
    storeLanguage('en_US');
    respondWith({ code: 0, data: null, message: 'ok' });
    await callEndpoint('login', { email: 'a@b.co', password: 'x', langCode: 'zh_TW' } as never);
    expect((lastRequest().init.body as URLSearchParams).get('langCode')).toBe('zh_TW');
  });

  it('multipart: FormData body without a hand-set content type', async () => {
    respondWith({ code: 0, data: null, message: 'ok' });
    await callEndpoint('logout', {});
    const { init, headers } = lastRequest();
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get('langCode')).toBe('zh_CN');
    expect(headers['content-type']).toBeUndefined();
  });
});
