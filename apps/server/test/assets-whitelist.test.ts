/**
 * The withdrawal address whitelist (issue 8, "Withdrawal hardening"): adding needs Google and an
 * emailed code, spent only when the address is written; removing and switching need Google;
 * switching off pauses withdrawals 24 h and is mailed. While on, single withdrawals and API
 * payouts (single and batch) to an address not listed for that chain are refused with 3203 and
 * nothing changes; EVM addresses compare whatever their letter case.
 */
import { WHITELIST_MAX_ADDRESSES } from '@tollgate/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances, emailCodes, merchants, withdrawalAddresses, withdrawals } from '../src/db/schema';
import { bindGoogleThroughApi } from './helpers/accounts';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { codeMailedTo, googleCodeNow, lastMailTo, postJson } from './helpers/calls';
import { createMerchant, logInAs, setBalance } from './helpers/factories';
import { expectLedgerClean } from './helpers/ledger';
import { createApiApplication, postSigned } from './helpers/signed-api';

const clock = createTestClock(new Date('2026-11-25T09:00:00.000Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, env: { API_RATE_LIMIT: '100000', LOGIN_RATE_LIMIT: '100000' } });
  await app.ready();
  await app.chains.stop();
  await app.watcher.stop();
});
afterAll(async () => {
  await expectLedgerClean(app.db);
  await app.close();
});

const TRON_LISTED = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const TRON_OTHER = 'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj';
const ETH_LISTED = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';

interface Account {
  id: number;
  email: string;
  token: string;
  secret: string;
}

async function account(options: { google?: boolean; usdt?: string } = {}): Promise<Account> {
  const merchant = await createMerchant(app);
  const token = await logInAs(app, merchant);
  const secret = options.google === false ? '' : await bindGoogleThroughApi(app, token, merchant.password);
  if (options.usdt)
    await setBalance(app, { merchantId: merchant.id, coinName: 'USDT', available: options.usdt });
  return { id: merchant.id, email: merchant.email, token, secret };
}

/** A Google code of a window not used yet: the clock moves on 30 s first. */
function freshCode(a: Account) {
  clock.advance(30_000);
  return googleCodeNow(app, a.secret);
}

async function call(a: Account, path: string, body: Record<string, unknown>, lang = 'en_US') {
  const response = await postJson(app, `/merchant/whitelist/${path}`, body, { token: a.token, lang });
  return { status: response.statusCode, body: response.json() };
}

async function mailedCode(a: Account) {
  clock.advance(61_000); // past the 60 s resend wait
  expect((await call(a, 'code', {})).body.code).toBe(0);
  return codeMailedTo(app, a.email);
}

async function add(a: Account, chainId: string, address: string, label?: string) {
  const emailCode = await mailedCode(a);
  return call(a, 'add', { chainId, address, label, emailCode, googleCode: freshCode(a) });
}

const turn = (a: Account, enabled: boolean) => call(a, 'switch', { enabled, googleCode: freshCode(a) });

async function withdraw(a: Account, chainId: string, address: string, lang = 'en_US') {
  const body = { coinName: 'USDT', chainId, address, amount: '10', googleCode: freshCode(a) };
  const response = await postJson(app, '/merchant/account/withdrawal', body, { token: a.token, lang });
  return response.json();
}

const balanceOf = async (merchantId: number) => {
  const [row] = await app.db
    .select({ available: balances.available, frozen: balances.frozen })
    .from(balances)
    .where(and(eq(balances.merchantId, merchantId), eq(balances.coinName, 'USDT')));
  return { available: Number(row?.available ?? 0), frozen: Number(row?.frozen ?? 0) };
};
const withdrawalCount = async (merchantId: number) =>
  (await app.db.select().from(withdrawals).where(eq(withdrawals.merchantId, merchantId))).length;

describe('managing the whitelist', () => {
  it('adds an address with Google and the emailed code, stored as the chain writes it', async () => {
    const a = await account();
    const empty = await call(a, 'list', {});
    expect(empty.body).toMatchObject({ code: 0, data: { enabled: false, list: [] } });
    const added = await add(a, 'ETH', ETH_LISTED.toLowerCase(), 'Cold wallet');
    expect(added.body.code).toBe(0);
    expect(added.body.data.list).toEqual([
      {
        id: expect.any(Number),
        chainId: 'ETH',
        address: ETH_LISTED,
        label: 'Cold wallet',
        createdAt: expect.any(String),
      },
    ]);
    // The same address in another letter case is the same address.
    const again = await add(a, 'ETH', ETH_LISTED.toUpperCase().replace('0X', '0x'));
    expect(again.body).toMatchObject({
      code: 1001,
      message: 'This address is already on the whitelist for this network',
    });
    // Listed on ETH is not listed on BSC: another chain is another entry.
    expect((await add(a, 'BSC', ETH_LISTED)).body.code).toBe(0);
    expect((await call(a, 'list', {})).body.data.list.map((e: { chainId: string }) => e.chainId)).toEqual([
      'BSC',
      'ETH',
    ]);
  });

  it('refuses each bad add with its own message and writes nothing, spending no code', async () => {
    const unbound = await account({ google: false });
    expect(
      (
        await call(unbound, 'add', {
          chainId: 'TRON',
          address: TRON_LISTED,
          emailCode: '123456',
          googleCode: '123456',
        })
      ).body.code,
    ).toBe(1201);

    const a = await account();
    const emailCode = await mailedCode(a);
    const cases: [Record<string, unknown>, number, string?][] = [
      [{ chainId: 'TRON', address: 'T-not-an-address' }, 1001, 'Not a valid TRON address'],
      [{ chainId: 'TRON', address: ETH_LISTED }, 1001, 'Not a valid TRON address'],
      [{ chainId: 'SOLANA', address: TRON_LISTED }, 3002],
      [
        { chainId: 'TRON', address: TRON_LISTED, label: 'x'.repeat(41) },
        1001,
        'The label can be at most 40 characters',
      ],
      [{ chainId: 'TRON', address: TRON_LISTED, emailCode: '000000' }, 1107],
      [{ chainId: 'TRON', address: TRON_LISTED, googleCode: '000000' }, 1203],
      [{ chainId: 'TRON', address: '' }, 1001, 'Please enter the wallet address'],
    ];
    for (const [fields, code, message] of cases) {
      const { status, body } = await call(a, 'add', { emailCode, googleCode: freshCode(a), ...fields });
      expect(status, JSON.stringify(fields)).toBeLessThan(500);
      expect(body.code, JSON.stringify(fields)).toBe(code);
      if (message) expect(body.message).toBe(message);
    }
    expect(
      await app.db.select().from(withdrawalAddresses).where(eq(withdrawalAddresses.merchantId, a.id)),
    ).toEqual([]);
    // The right emailed code is still good after all that (one wrong try of five spent).
    const ok = await call(a, 'add', {
      chainId: 'TRON',
      address: TRON_LISTED,
      emailCode,
      googleCode: freshCode(a),
    });
    expect(ok.body.code).toBe(0);
    // …and spent now.
    const [code] = await app.db
      .select()
      .from(emailCodes)
      .where(and(eq(emailCodes.email, a.email), eq(emailCodes.purpose, 'whitelist')));
    expect(code?.consumedAt).not.toBeNull();
    const reuse = await call(a, 'add', {
      chainId: 'TRON',
      address: TRON_OTHER,
      emailCode,
      googleCode: freshCode(a),
    });
    expect(reuse.body.code).toBe(1107);
    // Codes are rate-limited like the others: a second within 60 s is refused.
    expect((await call(a, 'code', {})).body.code).toBe(0);
    expect((await call(a, 'code', {})).body.code).toBe(1110);
  });

  it(`holds at most ${WHITELIST_MAX_ADDRESSES} addresses`, async () => {
    const a = await account();
    const rows = Array.from({ length: WHITELIST_MAX_ADDRESSES }, (_, i) => ({
      merchantId: a.id,
      chainId: 'DOGE',
      address: `D-filler-${i}`,
      createdAt: app.now(),
    }));
    await app.db.insert(withdrawalAddresses).values(rows);
    const refused = await add(a, 'TRON', TRON_LISTED);
    expect(refused.body).toMatchObject({
      code: 1001,
      message: `The whitelist holds at most ${WHITELIST_MAX_ADDRESSES} addresses: remove one first`,
    });
  });

  it('turns on only with an address listed; removes with Google; turning off pauses withdrawals 24 h and is mailed', async () => {
    const a = await account();
    const refused = await turn(a, true);
    expect(refused.body).toMatchObject({
      code: 1001,
      message: 'Add at least one address before turning the whitelist on',
    });
    expect((await add(a, 'TRON', TRON_LISTED)).body.code).toBe(0);
    expect((await call(a, 'switch', { enabled: true, googleCode: '000000' })).body.code).toBe(1203);
    expect((await call(a, 'list', {})).body.data.enabled).toBe(false);
    expect((await turn(a, true)).body.data.enabled).toBe(true);

    // Removing: someone else's id is not found; one's own goes, Google code needed.
    const other = await account();
    const { id } = (await call(a, 'list', {})).body.data.list[0];
    expect((await call(other, 'remove', { id, googleCode: freshCode(other) })).body.code).toBe(404);
    expect((await call(a, 'remove', { id, googleCode: '000000' })).body.code).toBe(1203);
    expect((await call(a, 'list', {})).body.data.list).toHaveLength(1);
    const removed = await call(a, 'remove', { id, googleCode: freshCode(a) });
    expect(removed.body.data).toEqual({ enabled: true, list: [] });

    const off = await turn(a, false);
    expect(off.body.data.enabled).toBe(false);
    const mail = await lastMailTo(app, a.email);
    expect(mail.subject).toBe('您的 Tollgate 账户已关闭提现地址白名单'); // the merchant's language
    const [merchant] = await app.db.select().from(merchants).where(eq(merchants.id, a.id));
    expect(merchant?.withdrawalLockedUntil?.getTime()).toBe(app.now().getTime() + 24 * 3600_000);
    await setBalance(app, { merchantId: a.id, coinName: 'USDT', available: '50' });
    expect((await withdraw(a, 'TRON', TRON_OTHER)).code).toBe(3202);
    clock.advance(24 * 3600_000);
    expect((await withdraw(a, 'TRON', TRON_OTHER)).code).toBe(0);
  });
});

describe('while the whitelist is on', () => {
  it('a withdrawal goes only to an address listed for that chain; a refusal changes nothing', async () => {
    const a = await account({ usdt: '100' });
    expect((await add(a, 'TRON', TRON_LISTED)).body.code).toBe(0);
    expect((await add(a, 'ETH', ETH_LISTED)).body.code).toBe(0);
    // Off: any address.
    expect((await withdraw(a, 'TRON', TRON_OTHER)).code).toBe(0);
    expect((await turn(a, true)).body.code).toBe(0);
    const before = { balance: await balanceOf(a.id), count: await withdrawalCount(a.id) };

    const refused = await withdraw(a, 'TRON', TRON_OTHER);
    expect(refused).toMatchObject({
      code: 3203,
      message:
        'This address is not on your withdrawal address whitelist for this network. Add it under Merchant info → Withdrawal address whitelist first, or use a listed address',
      data: { errors: [{ field: 'address' }] },
    });
    expect((await withdraw(a, 'TRON', TRON_OTHER, 'zh_CN')).message).toContain('提现地址白名单');
    // Listed on ETH, not on BSC.
    expect((await withdraw(a, 'BSC', ETH_LISTED)).code).toBe(3203);
    expect({ balance: await balanceOf(a.id), count: await withdrawalCount(a.id) }).toEqual(before);

    // Listed: accepted, an EVM address in any letter case.
    expect((await withdraw(a, 'TRON', TRON_LISTED)).code).toBe(0);
    expect((await withdraw(a, 'ETH', ETH_LISTED.toLowerCase())).code).toBe(0);
    expect(await withdrawalCount(a.id)).toBe(before.count + 2);
  });

  it('API payouts, single and batch, are refused to an unlisted address (the batch names the item)', async () => {
    const creds = await createApiApplication(app);
    const merchant = (await app.db.select().from(merchants).where(eq(merchants.id, creds.merchantId)))[0];
    if (!merchant) throw new Error('no merchant');
    await setBalance(app, { merchantId: creds.merchantId, coinName: 'USDT', available: '100' });
    await app.db.insert(withdrawalAddresses).values({
      merchantId: creds.merchantId,
      chainId: 'TRON',
      address: TRON_LISTED,
      createdAt: app.now(),
    });
    await app.db
      .update(merchants)
      .set({ addressWhitelistOn: true })
      .where(eq(merchants.id, creds.merchantId));
    const item = (n: string, address: string) => ({
      merchantOrderNo: `wl-${n}`,
      currency: 'USDT',
      network: 'TRON',
      address,
      amount: '10',
    });
    const single = await postSigned(app, creds, '/api/v1/payouts', item('1', TRON_OTHER));
    expect(single.body).toMatchObject({ code: 3203, data: { errors: [{ field: 'address' }] } });
    const batch = await postSigned(app, creds, '/api/v1/payouts/batch', {
      items: [item('2', TRON_LISTED), item('3', TRON_OTHER)],
    });
    expect(batch.body).toMatchObject({ code: 3203, data: { errors: [{ field: 'items.1.address' }] } });
    expect(await balanceOf(creds.merchantId)).toEqual({ available: 100, frozen: 0 });
    expect(await withdrawalCount(creds.merchantId)).toBe(0);
    const ok = await postSigned(app, creds, '/api/v1/payouts', item('4', TRON_LISTED));
    expect(ok.body.code).toBe(0);
    expect(await balanceOf(creds.merchantId)).toEqual({ available: 89, frozen: 11 });
  });
});
