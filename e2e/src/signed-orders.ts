import { createHmac, randomBytes } from 'node:crypto';
import { fetchDemoToken } from './fixtures';

/**
 * Collection orders made the way a shop's server makes them: the demo merchant creates an
 * application (/front/app/create returns its APPSECRET once), then signs POST /api/v1/collections
 * as the merchant API documents it — lower-case hex HMAC-SHA256(APPSECRET, timestamp + "\n" +
 * nonce + "\n" + METHOD + "\n" + path + "\n" + body) — written here from that text.
 */
export interface ShopApp {
  appId: string;
  appSecret: string;
}

export interface CreatedOrder {
  orderNo: string;
  cashierUrl: string;
  amount: string;
  currency: string;
  network: string | null;
  status: string;
}

/** An application of the demo merchant, or of the merchant whose session `token` is. */
export async function createShopApp(
  baseUrl: string,
  name = 'Cashier e2e shop',
  token?: string,
): Promise<ShopApp> {
  token ??= await fetchDemoToken(baseUrl);
  const response = await fetch(`${baseUrl}/front/app/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-auth-token': token },
    body: JSON.stringify({ name }),
  });
  const envelope = (await response.json()) as {
    code: number;
    message: string;
    data: { app: { appId: string }; appSecret: string };
  };
  if (envelope.code !== 0) throw new Error(`app create failed: ${envelope.code} ${envelope.message}`);
  return { appId: envelope.data.app.appId, appSecret: envelope.data.appSecret };
}

/** A signed POST to the merchant API; the envelope's data, or an error naming the code. */
async function signedPost<T>(baseUrl: string, shop: ShopApp, path: string, payload: object): Promise<T> {
  const body = JSON.stringify(payload);
  const timestamp = String(Date.now());
  const nonce = randomBytes(16).toString('hex');
  const signature = createHmac('sha256', shop.appSecret)
    .update(`${timestamp}\n${nonce}\nPOST\n${path}\n${body}`, 'utf8')
    .digest('hex');
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-app-id': shop.appId,
      'x-timestamp': timestamp,
      'x-nonce': nonce,
      'x-signature': signature,
    },
    body,
  });
  const envelope = (await response.json()) as { code: number; message: string; data: T };
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

export function createSignedOrder(
  baseUrl: string,
  shop: ShopApp,
  input: Record<string, unknown>,
): Promise<CreatedOrder> {
  return signedPost<CreatedOrder>(baseUrl, shop, '/api/v1/collections', {
    merchantOrderNo: `e2e-${randomBytes(6).toString('hex')}`,
    ...input,
  });
}

/**
 * On devnet: the customer pays `amount` to the order's address (the test-pay call); `currency`:
 * in another coin of the network (a wrong token, recorded unmatched).
 */
export function payTestCollection(
  baseUrl: string,
  shop: ShopApp,
  orderNo: string,
  amount: string,
  currency?: string,
): Promise<unknown> {
  return signedPost(baseUrl, shop, `/api/v1/test/collections/${orderNo}/pay`, {
    amount,
    ...(currency ? { currency } : {}),
  });
}

export interface CreatedPayout {
  orderNo: string;
  status: string;
}

export function createSignedPayout(
  baseUrl: string,
  shop: ShopApp,
  input: Record<string, unknown>,
): Promise<CreatedPayout> {
  return signedPost<CreatedPayout>(baseUrl, shop, '/api/v1/payouts', {
    merchantOrderNo: `e2e-payout-${randomBytes(6).toString('hex')}`,
    ...input,
  });
}
