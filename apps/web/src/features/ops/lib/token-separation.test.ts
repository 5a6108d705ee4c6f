import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../../test/api-mock';
import { writeCookie } from '../../../shared/lib/cookies';
import { callEndpoint, setOpsSessionEndHandler, setSessionEndHandler } from '../../../shared/lib/http';
import { storeOpsToken } from '../../../shared/lib/ops-session';
import { storeToken } from '../../../shared/lib/session';

/**
 * Operators are never merchants: each call carries only its own kind's token, and a dead
 * operator session ends only the operator's (to /ops/login), leaving the merchant's alone.
 */
afterEach(() => {
  vi.unstubAllGlobals();
  setSessionEndHandler(() => {});
  setOpsSessionEndHandler(() => {});
});

function headersOf(path: string): Record<string, string> {
  const fetchMock = vi.mocked(fetch);
  const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith(`/front${path}?`));
  if (!call) throw new Error(`no call to ${path}`);
  return (call[1]?.headers ?? {}) as Record<string, string>;
}

describe('token separation', () => {
  it('sends the operator token only to /ops calls, and the merchant token only to the others', async () => {
    mockApi({
      '/ops/me': ok({ id: 1, email: 'ops@tollgate.dev', googleState: true, googleRequired: false }),
      '/ops/login': ok({ token: 'ops-2', expiresAt: '', operator: {} }),
      '/merchant/info': ok({}),
    });
    storeToken('merchant-token');
    storeOpsToken('ops-token');
    await callEndpoint('opsMe');
    await callEndpoint('merchantInfo');
    await callEndpoint('opsLogin', { email: 'ops@tollgate.dev', password: 'Tollgate2026' });
    expect(headersOf('/ops/me')).toMatchObject({ 'x-ops-token': 'ops-token' });
    expect(headersOf('/ops/me')).not.toHaveProperty('x-auth-token');
    expect(headersOf('/merchant/info')).toMatchObject({ 'x-auth-token': 'merchant-token' });
    expect(headersOf('/merchant/info')).not.toHaveProperty('x-ops-token');
    // The console's login needs no token, and never gets the merchant's.
    expect(headersOf('/ops/login')).not.toHaveProperty('x-auth-token');
  });

  it("never sends the merchant's cookie token to /ops when the tab has no operator token", async () => {
    mockApi({ '/ops/me': ok({}) });
    writeCookie('token', 'merchant-cookie-token', 1);
    await callEndpoint('opsMe').catch(() => undefined);
    expect(headersOf('/ops/me')).not.toHaveProperty('x-auth-token');
    expect(headersOf('/ops/me')).not.toHaveProperty('x-ops-token');
  });

  it('a 401 on an /ops call ends the operator session only and goes to the console login', async () => {
    mockApi({ '/ops/me': { code: 4000, data: null, message: 'Session expired' } });
    const merchantEnd = vi.fn();
    const opsEnd = vi.fn();
    setSessionEndHandler(merchantEnd);
    setOpsSessionEndHandler(opsEnd);
    storeToken('merchant-token');
    storeOpsToken('ops-token');
    await expect(callEndpoint('opsMe')).rejects.toMatchObject({ code: 4000 });
    expect(opsEnd).toHaveBeenCalledTimes(1);
    expect(merchantEnd).not.toHaveBeenCalled();
    expect(window.sessionStorage.getItem('opsToken')).toBeNull();
    expect(window.sessionStorage.getItem('token')).toBe('merchant-token');
  });
});
