import { chain, coin, envelope, exchangeRate, feeInfo } from '@tollgate/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { feeRates } from '../src/db/schema';
import { buildTestApp } from './helpers/build-test-app';
import { createMerchant, logInAs } from './helpers/factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

async function getData<T extends z.ZodType>(url: string, schema: T): Promise<z.infer<T>> {
  const response = await app.inject({ url, headers: { lang: 'en_US' } });
  expect(response.statusCode).toBe(200);
  const body = envelope(schema).parse(response.json()) as { code: number; data: z.infer<T>; message: string };
  expect(body).toMatchObject({ code: 0, message: 'Success' });
  return body.data;
}

describe('GET /front/config/chainList', () => {
  it('lists the five chains in their order, without a token', async () => {
    const chains = await getData('/front/config/chainList', z.array(chain));
    expect(chains.map((c) => [c.chainId, c.chainName, c.nativeCoin])).toEqual([
      ['ETH', 'Ethereum', 'ETH'],
      ['TRON', 'Tron', 'TRX'],
      ['BSC', 'BNB Chain', 'BNB'],
      ['POLYGON', 'Polygon', 'POL'],
      ['DOGE', 'Doge', 'DOGE'],
    ]);
    expect(chains[0]).toEqual({
      chainId: 'ETH',
      chainName: 'Ethereum',
      nativeCoin: 'ETH',
      icon: '/coins/eth.svg',
      sort: 1,
    });
  });
});

describe('GET /front/config/coinList', () => {
  it('lists every currency per chain, by chain then stablecoins first', async () => {
    const coins = await getData('/front/config/coinList', z.array(coin));
    expect(coins.map((c) => c.coinUnit)).toEqual([
      'USDT-ERC20',
      'USDC-ERC20',
      'ETH',
      'USDT-TRC20',
      'TRX',
      'USDT-BEP20',
      'USDC-BEP20',
      'BNB',
      'USDT-POLYGON',
      'USDC-POLYGON',
      'POL',
      'DOGE',
    ]);
  });

  it('carries the real contracts, decimals and limits as decimal strings', async () => {
    const coins = await getData('/front/config/coinList', z.array(coin));
    const byUnit = new Map(coins.map((c) => [c.coinUnit, c]));
    expect(byUnit.get('USDT-TRC20')).toEqual({
      coinId: expect.any(Number),
      coinName: 'USDT',
      coinUnit: 'USDT-TRC20',
      chainId: 'TRON',
      chainName: 'Tron',
      isNative: false,
      contractAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      decimals: 6,
      icon: '/coins/usdt.svg',
      minDepositAmount: '1',
      minWithdrawalAmount: '10',
      maxWithdrawalAmount: '100000',
    });
    expect(byUnit.get('USDT-BEP20')?.decimals).toBe(18);
    expect(byUnit.get('USDC-ERC20')?.contractAddress).toBe('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48');
    expect(byUnit.get('ETH')).toMatchObject({
      isNative: true,
      contractAddress: null,
      decimals: 18,
      minDepositAmount: '0.0005',
    });
    expect(byUnit.get('DOGE')).toMatchObject({ isNative: true, decimals: 8, chainName: 'Doge' });
    expect(coins.some((c) => c.coinName === 'USDC' && c.chainId === 'TRON')).toBe(false);
  });
});

describe('GET /front/config/exchangeRateList', () => {
  it('gives each currency a rate to USDT', async () => {
    const rates = await getData('/front/config/exchangeRateList', z.array(exchangeRate));
    expect(rates.map((r) => [r.coinName, r.rate])).toEqual([
      ['USDT', '1'],
      ['USDC', '1'],
      ['ETH', '3450.25'],
      ['TRX', '0.2731'],
      ['BNB', '612.4'],
      ['POL', '0.2315'],
      ['DOGE', '0.1642'],
    ]);
    expect(rates.every((r) => r.quote === 'USDT' && !Number.isNaN(Date.parse(r.updatedAt)))).toBe(true);
  });
});

describe('reference data in the database', () => {
  it('has a fee row for every coin', async () => {
    const { feeRates } = await import('../src/db/schema');
    const fees = await app.db.select().from(feeRates);
    expect(fees).toHaveLength(12);
    const trc20 = fees.find((f) => f.chainId === 'TRON' && f.coinName === 'USDT');
    expect(trc20).toMatchObject({ collectionRate: '0.008000' });
    expect(trc20?.payoutFee).toBe('1.000000000000000000');
  });
});

describe('reference icons', () => {
  it('every chain and coin icon is a file the web app ships', async () => {
    const { existsSync } = await import('node:fs');
    const { fileURLToPath } = await import('node:url');
    const publicDir = fileURLToPath(new URL('../../web/public', import.meta.url));
    const chains = await getData('/front/config/chainList', z.array(chain));
    const coins = await getData('/front/config/coinList', z.array(coin));
    const icons = new Set([...chains.map((c) => c.icon), ...coins.map((c) => c.icon)]);
    expect(icons.size).toBeGreaterThan(0);
    for (const icon of icons) expect(existsSync(`${publicDir}${icon}`), icon).toBe(true);
  });
});

describe('GET /front/merchant/fee-info', () => {
  async function feeInfoAs(token: string) {
    const response = await app.inject({
      url: '/front/merchant/fee-info',
      headers: { 'x-auth-token': token, lang: 'en_US' },
    });
    expect(response.statusCode).toBe(200);
    const body = envelope(feeInfo.strict()).parse(response.json()) as {
      code: number;
      data: z.infer<typeof feeInfo>;
    };
    expect(body.code).toBe(0);
    return body.data;
  }

  it('answers the rate table: every currency of every chain, chains in their order, as decimal strings', async () => {
    const token = await logInAs(app, await createMerchant(app));
    const { list } = await feeInfoAs(token);
    expect(list.map((row) => [row.chainName, row.coinUnit, row.collectionRate, row.payoutFee])).toEqual([
      ['Ethereum', 'USDT-ERC20', '0.008', '5'],
      ['Ethereum', 'USDC-ERC20', '0.008', '5'],
      ['Ethereum', 'ETH', '0.008', '0.0015'],
      ['Tron', 'USDT-TRC20', '0.008', '1'],
      ['Tron', 'TRX', '0.008', '2'],
      ['BNB Chain', 'USDT-BEP20', '0.008', '0.5'],
      ['BNB Chain', 'USDC-BEP20', '0.008', '0.5'],
      ['BNB Chain', 'BNB', '0.008', '0.001'],
      ['Polygon', 'USDT-POLYGON', '0.008', '0.5'],
      ['Polygon', 'USDC-POLYGON', '0.008', '0.5'],
      ['Polygon', 'POL', '0.008', '1'],
      ['Doge', 'DOGE', '0.01', '5'],
    ]);
    expect(list[0]).toEqual({
      chainId: 'ETH',
      chainName: 'Ethereum',
      coinName: 'USDT',
      coinUnit: 'USDT-ERC20',
      icon: expect.stringMatching(/^\/coins\/.+\.svg$/),
      collectionRate: '0.008',
      payoutFee: '5',
    });
  });

  it('reads the table as it is now, to the last digit', async () => {
    const token = await logInAs(app, await createMerchant(app));
    const where = and(eq(feeRates.chainId, 'TRON'), eq(feeRates.coinName, 'USDT'));
    const [before] = await app.db.select().from(feeRates).where(where);
    try {
      await app.db
        .update(feeRates)
        .set({ collectionRate: '0.012345', payoutFee: '1.000000000000000001' })
        .where(where);
      const { list } = await feeInfoAs(token);
      expect(list.find((row) => row.coinUnit === 'USDT-TRC20')).toMatchObject({
        collectionRate: '0.012345',
        payoutFee: '1.000000000000000001',
      });
    } finally {
      if (before) await app.db.update(feeRates).set(before).where(where);
    }
  });

  it('needs a session', async () => {
    const response = await app.inject({ url: '/front/merchant/fee-info' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(401);
  });
});
