import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { applications } from '../../src/db/schema';
import { generateAppSecret, sealAppSecret } from '../../src/modules/applications/app-secret';
import { createMerchant } from './factories';

/**
 * Merchant API calls signed the way the documentation says, written here from the text of the
 * scheme (not with the server's signature module), so a shared mistake cannot hide.
 */
export interface ApiCredentials {
  /** The application row id (for looking at its nonces and orders). */
  id: number;
  merchantId: number;
  appId: string;
  secret: string;
}

/** An application with a real sealed APPSECRET, as the applications module stores it. */
export async function createApiApplication(
  app: FastifyInstance,
  options: { merchantId?: number; ipWhitelist?: string } = {},
): Promise<ApiCredentials> {
  const merchantId = options.merchantId ?? (await createMerchant(app)).id;
  const [row] = await app.db
    .insert(applications)
    .values({
      merchantId,
      appId: `app_${randomBytes(10).toString('hex')}`,
      name: 'Signed shop',
      ipWhitelist: options.ipWhitelist ?? '',
      secretSealed: 'sealed below, once the row id is known',
      createdAt: app.now(),
      updatedAt: app.now(),
    })
    .returning();
  if (!row) throw new Error('createApiApplication: no row');
  const secret = generateAppSecret();
  await app.db
    .update(applications)
    .set({ secretSealed: sealAppSecret(app.secrets, row.id, row.secretVersion, secret) })
    .where(eq(applications.id, row.id));
  return { id: row.id, merchantId, appId: row.appId, secret };
}

export function newNonce(): string {
  return randomBytes(16).toString('hex');
}

export function hmacHex(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message, 'utf8').digest('hex');
}

export interface SignedCall {
  method: 'GET' | 'POST';
  /** Path with query, as sent. */
  url: string;
  /** The exact body text sent (POST); omitted for a GET. */
  body?: string;
  timestamp?: string;
  nonce?: string;
  /** What is signed, when a test wants it to differ from what is sent. */
  signed?: Partial<{ method: string; url: string; body: string; timestamp: string; nonce: string }>;
  /** Sign with another secret. */
  secret?: string;
  /** Replace or (undefined) drop headers after signing. */
  headers?: Record<string, string | undefined>;
  ip?: string;
  lang?: string;
}

/** The inject options of a signed call, and the nonce it used. */
export function signedInject(
  app: FastifyInstance,
  credentials: Pick<ApiCredentials, 'appId' | 'secret'>,
  call: SignedCall,
): InjectOptions & { nonce: string } {
  const timestamp = call.timestamp ?? String(app.now().getTime());
  const nonce = call.nonce ?? newNonce();
  const body = call.body ?? '';
  const signed = {
    method: call.method,
    url: call.url,
    body,
    timestamp,
    nonce,
    ...call.signed,
  };
  const signature = hmacHex(
    call.secret ?? credentials.secret,
    `${signed.timestamp}\n${signed.nonce}\n${signed.method}\n${signed.url}\n${signed.body}`,
  );
  const headers: Record<string, string> = {
    'x-app-id': credentials.appId,
    'x-timestamp': timestamp,
    'x-nonce': nonce,
    'x-signature': signature,
    ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...(call.lang ? { lang: call.lang } : {}),
  };
  for (const [name, value] of Object.entries(call.headers ?? {})) {
    if (value === undefined) delete headers[name];
    else headers[name] = value;
  }
  return {
    method: call.method,
    url: call.url,
    headers,
    ...(call.body !== undefined ? { payload: call.body } : {}),
    ...(call.ip ? { remoteAddress: call.ip } : {}),
    nonce,
  };
}

export async function callSigned(
  app: FastifyInstance,
  credentials: Pick<ApiCredentials, 'appId' | 'secret'>,
  call: SignedCall,
) {
  const { nonce, ...options } = signedInject(app, credentials, call);
  const response = await app.inject(options);
  return { response, body: response.json(), nonce };
}

/** A signed JSON POST of `payload`. */
export function postSigned(
  app: FastifyInstance,
  credentials: Pick<ApiCredentials, 'appId' | 'secret'>,
  url: string,
  payload: unknown,
  extra: Omit<SignedCall, 'method' | 'url' | 'body'> = {},
) {
  return callSigned(app, credentials, { method: 'POST', url, body: JSON.stringify(payload), ...extra });
}

export function getSigned(
  app: FastifyInstance,
  credentials: Pick<ApiCredentials, 'appId' | 'secret'>,
  url: string,
  extra: Omit<SignedCall, 'method' | 'url' | 'body'> = {},
) {
  return callSigned(app, credentials, { method: 'GET', url, ...extra });
}
