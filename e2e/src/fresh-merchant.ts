import { waitForCode } from './mailbox';
import { readBaseUrl } from './server-env';

/**
 * A merchant of the test's own, registered through the API with the mailed code and logged in,
 * so that its lists and balances start empty whatever other flows did to the demo merchant.
 */
export interface FreshMerchant {
  email: string;
  password: string;
  token: string;
}

export async function postFront(
  path: string,
  body: Record<string, unknown>,
  {
    token,
    json = false,
    lang = 'zh_CN',
    forwardedFor,
  }: { token?: string; json?: boolean; lang?: string; forwardedFor?: string } = {},
): Promise<Record<string, unknown>> {
  const response = await fetch(`${readBaseUrl()}/front${path}`, {
    method: 'POST',
    headers: {
      'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded',
      lang,
      ...(token ? { 'x-auth-token': token } : {}),
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: json ? JSON.stringify(body) : new URLSearchParams(body as Record<string, string>),
  });
  const envelope = (await response.json()) as {
    code: number;
    data: Record<string, unknown>;
    message: string;
  };
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

export async function freshMerchant(prefix: string, password = 'Flow2026pass'): Promise<FreshMerchant> {
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@tollgate.test`;
  const since = Date.now();
  // From an address of its own (the e2e server trusts 127.0.0.1 as a proxy): the per-IP hourly
  // code limit holds for the suite's browser flows, not for this setup step.
  const ip = `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
  await postFront('/reg/mail/code', { email }, { forwardedFor: ip });
  await postFront('/register/email', { email, code: await waitForCode(email, since), password });
  const login = await postFront('/login', { email, password });
  return { email, password, token: login.token as string };
}
