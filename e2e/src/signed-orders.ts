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

export async function createShopApp(baseUrl: string, name = 'Cashier e2e shop'): Promise<ShopApp> {
  const token = await fetchDemoToken(baseUrl);
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

export async function createSignedOrder(
  baseUrl: string,
  shop: ShopApp,
  input: Record<string, unknown>,
): Promise<CreatedOrder> {
  const path = '/api/v1/collections';
  const body = JSON.stringify({ merchantOrderNo: `e2e-${randomBytes(6).toString('hex')}`, ...input });
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
  const envelope = (await response.json()) as { code: number; message: string; data: CreatedOrder };
  if (envelope.code !== 0) throw new Error(`signed create failed: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}
