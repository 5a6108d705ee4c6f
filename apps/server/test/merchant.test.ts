import { accountInfo, accountOverview, merchantInfo } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances } from '../src/db/schema';
import { buildTestApp } from './helpers/build-test-app';
import { createMerchant, logInAs, setBalance } from './helpers/factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const CURRENCIES = ['USDT', 'USDC', 'ETH', 'TRX', 'BNB', 'POL', 'DOGE'];

async function getAs(token: string, url: string) {
  const response = await app.inject({ url, headers: { 'x-auth-token': token, lang: 'en_US' } });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body.code).toBe(0);
  return body.data;
}

describe('GET /front/merchant/info', () => {
  it("returns the token's merchant, without secrets", async () => {
    const merchant = await createMerchant(app, { googleSecret: 'JBSWY3DPEHPK3PXP' });
    await createMerchant(app);
    const token = await logInAs(app, merchant);
    const data = merchantInfo.strict().parse(await getAs(token, '/front/merchant/info'));
    expect(data).toEqual({
      merchantId: String(merchant.id),
      email: merchant.email,
      phone: null,
      countryCode: null,
      googleState: false,
      lang: 'zh_CN',
      createdAt: merchant.createdAt.toISOString(),
      withdrawalLockedUntil: null,
    });
  });
});

describe('GET /front/merchant/account/info', () => {
  it('lists every supported currency at zero for a new merchant', async () => {
    const token = await logInAs(app, await createMerchant(app));
    const data = accountInfo.parse(await getAs(token, '/front/merchant/account/info'));
    expect(data.totalBalance).toBe('0');
    expect(data.userBalanceList.map((b) => b.coinName)).toEqual(CURRENCIES);
    expect(data.userBalanceList[2]).toEqual({
      coinName: 'ETH',
      available: '0',
      frozen: '0',
      rate: '3450.25',
      usdtValue: '0',
      icon: '/coins/eth.svg',
    });
  });

  it('values available + frozen at the rate, in exact decimals', async () => {
    const merchant = await createMerchant(app);
    await setBalance(app, { merchantId: merchant.id, coinName: 'USDT', available: '0.1', frozen: '0.2' });
    await setBalance(app, { merchantId: merchant.id, coinName: 'ETH', available: '0.000000000000000001' });
    await setBalance(app, {
      merchantId: merchant.id,
      coinName: 'DOGE',
      available: '1000.5',
      frozen: '0.12345678',
    });
    // Someone else's money must not show up.
    const other = await createMerchant(app);
    await setBalance(app, { merchantId: other.id, coinName: 'USDT', available: '999' });

    const data = accountInfo.parse(await getAs(await logInAs(app, merchant), '/front/merchant/account/info'));
    const byCoin = new Map(data.userBalanceList.map((b) => [b.coinName, b]));
    expect(byCoin.get('USDT')).toMatchObject({ available: '0.1', frozen: '0.2', usdtValue: '0.3' });
    expect(byCoin.get('ETH')).toMatchObject({
      available: '0.000000000000000001',
      usdtValue: '0.00000000000000345',
    });
    // (1000.5 + 0.12345678) × 0.1642 = 164.302371603276
    expect(byCoin.get('DOGE')).toMatchObject({ frozen: '0.12345678', usdtValue: '164.302371603276' });
    expect(byCoin.get('BNB')).toMatchObject({ available: '0', usdtValue: '0' });
    // 0.3 + 0.00000000000000345025 + 164.302371603276, summed before the cut to 18 decimals
    expect(data.totalBalance).toBe('164.60237160327600345');
  });

  it('needs a session', async () => {
    const response = await app.inject({ url: '/front/merchant/account/info' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(401);
  });
});

describe('GET /front/merchant/account/overview', () => {
  it('lists every currency with its balances and worth, the total, and no distribution when nothing is held', async () => {
    const token = await logInAs(app, await createMerchant(app));
    const data = accountOverview.strict().parse(await getAs(token, '/front/merchant/account/overview'));
    expect(data.totalUsdt).toBe('0');
    expect(data.assets.map((asset) => asset.coinName)).toEqual(CURRENCIES);
    expect(data.assets[2]).toEqual({
      coinName: 'ETH',
      icon: '/coins/eth.svg',
      available: '0',
      frozen: '0',
      usdtValue: '0',
    });
    expect(data.distribution).toEqual([]);
  });

  it('agrees with the account info to the last digit, and shares the total out largest first', async () => {
    const merchant = await createMerchant(app);
    await setBalance(app, { merchantId: merchant.id, coinName: 'USDT', available: '100', frozen: '50' });
    await setBalance(app, {
      merchantId: merchant.id,
      coinName: 'DOGE',
      available: '1000.5',
      frozen: '0.12345678',
    });
    await setBalance(app, { merchantId: merchant.id, coinName: 'ETH', available: '0.000000000000000001' });
    const other = await createMerchant(app);
    await setBalance(app, { merchantId: other.id, coinName: 'TRX', available: '999' });
    const token = await logInAs(app, merchant);

    const overview = accountOverview.strict().parse(await getAs(token, '/front/merchant/account/overview'));
    const info = accountInfo.parse(await getAs(token, '/front/merchant/account/info'));
    expect(overview.totalUsdt).toBe(info.totalBalance);
    expect(overview.assets.map((a) => [a.coinName, a.available, a.frozen, a.usdtValue])).toEqual(
      info.userBalanceList.map((b) => [b.coinName, b.available, b.frozen, b.usdtValue]),
    );
    // 150 + 164.302371603276 + 0.00000000000000345 (ETH at 3450.25, cut to 18 decimals)
    expect(overview.totalUsdt).toBe('314.30237160327600345');
    expect(overview.distribution).toEqual([
      { coinName: 'DOGE', usdtValue: '164.302371603276', share: '0.522753' },
      { coinName: 'USDT', usdtValue: '150', share: '0.477247' },
      { coinName: 'ETH', usdtValue: '0.00000000000000345', share: '0' },
    ]);
    expect(overview.assets.find((a) => a.coinName === 'TRX')).toMatchObject({
      available: '0',
      usdtValue: '0',
    });
  });

  it('needs a session', async () => {
    const response = await app.inject({ url: '/front/merchant/account/overview' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(401);
  });
});

describe('balances table', () => {
  it('refuses a negative balance', async () => {
    const merchant = await createMerchant(app);
    // Straight into the table: the CHECK constraint refuses it whatever wrote it.
    await expect(
      app.db.insert(balances).values({ merchantId: merchant.id, coinName: 'USDT', available: '-0.000001' }),
    ).rejects.toThrow();
  });
});
