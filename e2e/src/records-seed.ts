import { freshMerchant, postFront } from './fresh-merchant';
import { createShopApp, createSignedOrder, createSignedPayout, payTestCollection } from './signed-orders';

/**
 * A merchant of its own with one row in each record table a reviewer reads (issue 31): a
 * deposit (asset page, fund flow), a collection order paid on devnet (collection records), a
 * payout through the signed API (payout records, withdrawal records, the operator's queue,
 * where it waits in pending_review). The amounts carry many digits so the amount and balance
 * columns are as wide as they get in practice.
 */
export interface SeededRecords {
  token: string;
  merchantId: number;
  collectionNo: string;
  payoutNo: string;
}

const TRON_ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const POLL_MS = 500;
const SETTLE_TIMEOUT = 90_000;

async function getFront<T>(baseUrl: string, path: string, token: string): Promise<T> {
  const response = await fetch(`${baseUrl}/front${path}`, { headers: { 'x-auth-token': token } });
  const envelope = (await response.json()) as { code: number; data: T; message: string };
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

/** Polls `check` until it holds (each answer is an event: the chain's next block). */
async function until(what: string, check: () => Promise<boolean>) {
  const deadline = Date.now() + SETTLE_TIMEOUT;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`records seed: ${what} did not happen`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

export async function seedRecords(baseUrl: string): Promise<SeededRecords> {
  const merchant = await freshMerchant('records-layout');
  const { token } = merchant;
  const { merchantId } = await getFront<{ merchantId: string }>(baseUrl, '/merchant/info', token);
  await postFront(
    '/test/deposit',
    { coinName: 'USDT', chainId: 'TRON', amount: '123456.789012' },
    { token, json: true },
  );
  const shop = await createShopApp(baseUrl, 'Records layout shop', token);
  const order = await createSignedOrder(baseUrl, shop, {
    currency: 'USDT',
    network: 'TRON',
    amount: '12345.678901',
  });
  await payTestCollection(baseUrl, shop, order.orderNo, '12345.678901');
  await until('the deposit credit', async () => {
    const overview = await getFront<{ assets: { coinName: string; available: string }[] }>(
      baseUrl,
      '/merchant/account/overview',
      token,
    );
    const usdt = overview.assets.find((asset) => asset.coinName === 'USDT')?.available ?? '0';
    return !/^0+(\.0+)?$/.test(usdt);
  });
  const payout = await createSignedPayout(baseUrl, shop, {
    currency: 'USDT',
    network: 'TRON',
    address: TRON_ADDRESS,
    amount: '10234.567891',
  });
  return { token, merchantId: Number(merchantId), collectionNo: order.orderNo, payoutNo: payout.orderNo };
}
