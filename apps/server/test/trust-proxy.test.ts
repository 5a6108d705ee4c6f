/** TRUST_PROXY: behind a reverse proxy the client's address comes from X-Forwarded-For, else the socket's. */
import { merchantProfile } from '@tollgate/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/build-test-app';
import { createMerchant } from './helpers/factories';

let close: (() => Promise<unknown>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function loginIpRecorded(env: Record<string, string>): Promise<string | undefined> {
  const app = await buildTestApp({ env });
  close = () => app.close();
  const merchant = await createMerchant(app);
  const login = await app.inject({
    method: 'POST',
    url: '/front/login',
    remoteAddress: '127.0.0.1',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '203.0.113.7' },
    payload: new URLSearchParams({ email: merchant.email, password: merchant.password }).toString(),
  });
  const token = login.json().data.token as string;
  const profile = await app.inject({
    method: 'POST',
    url: '/front/userConfigFeign/pageUserInfo',
    headers: { 'content-type': 'application/json', 'x-auth-token': token },
    payload: '{}',
  });
  return merchantProfile.parse(profile.json().data).loginRecords[0]?.ip;
}

describe('TRUST_PROXY', () => {
  it('ignores X-Forwarded-For by default', async () => {
    expect(await loginIpRecorded({})).toBe('127.0.0.1');
  });

  it('takes the client address from X-Forwarded-For when the proxy is trusted', async () => {
    expect(await loginIpRecorded({ TRUST_PROXY: '127.0.0.1' })).toBe('203.0.113.7');
  });
});
