/**
 * Withdrawals (issue 8 "Withdrawal"): acceptance freezes amount + fee in one transaction with
 * its fund records; review (approve, reject), sending through the devnet chain and the end on
 * chain (completed, or failed when the transfer is reverted), each one transaction; the demo
 * threshold's auto-approval; and every refusal, each with its own message and no side effect.
 */
import { withdrawalResult } from '@tollgate/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAS_WALLET, HOT_WALLET } from '../src/chains/chain-adapter';
import { balances, fundRecords, merchants, withdrawals } from '../src/db/schema';
import { findWithdrawalByNo } from '../src/modules/assets/withdrawal.repository';
import { approveWithdrawal, rejectWithdrawal } from '../src/modules/assets/withdrawal.service';
import { bindGoogleThroughApi } from './helpers/accounts';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { codeMailedTo, getAs, googleCodeNow, postForm, postJson } from './helpers/calls';
import { createMerchant, logInAs, setBalance } from './helpers/factories';
import { expectLedgerClean } from './helpers/ledger';
import { createTestApplication } from './helpers/order-fixtures';
import { createOrderOn } from './helpers/watcher-fixtures';

const clock = createTestClock(new Date('2026-11-25T09:00:00.000Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  await app.ready();
  await app.chains.stop();
  await app.watcher.stop();
});
afterAll(async () => {
  await expectLedgerClean(app.db);
  await app.close();
});

const TRON_ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const ETH_ADDRESS = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const DOGE_ADDRESS = 'DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC';

const devnet = () => {
  if (!app.chains.devnet) throw new Error('devnet mode expected');
  return app.chains.devnet;
};
async function blocks(n: number) {
  for (let i = 0; i < n; i++) await devnet().produceBlock();
  await app.watcher.tick();
}
const deps = () => ({ db: app.db, now: app.now, chains: app.chains });

interface Account {
  id: number;
  token: string;
  secret: string;
}

async function boundMerchant(available: Record<string, string> = { USDT: '100' }, autoApproveUsdt = '0') {
  const merchant = await createMerchant(app, { autoApproveUsdt });
  const token = await logInAs(app, merchant);
  const secret = await bindGoogleThroughApi(app, token, merchant.password);
  for (const [coinName, amount] of Object.entries(available)) {
    await setBalance(app, { merchantId: merchant.id, coinName, available: amount });
  }
  return { id: merchant.id, token, secret };
}

/** A Google code of a window not used yet: the clock moves on 30 s first. */
function freshCode(account: Account) {
  clock.advance(30_000);
  return googleCodeNow(app, account.secret);
}

async function withdraw(account: Account, body: Record<string, unknown>, lang = 'en_US') {
  const response = await postJson(
    app,
    '/merchant/account/withdrawal',
    { googleCode: freshCode(account), ...body },
    { token: account.token, lang },
  );
  return { status: response.statusCode, body: response.json() };
}

const balanceOf = async (merchantId: number, coinName = 'USDT') => {
  const [row] = await app.db
    .select({ available: balances.available, frozen: balances.frozen })
    .from(balances)
    .where(and(eq(balances.merchantId, merchantId), eq(balances.coinName, coinName)));
  return row ? { available: Number(row.available), frozen: Number(row.frozen) } : undefined;
};
const recordsOf = (merchantId: number) =>
  app.db.select().from(fundRecords).where(eq(fundRecords.merchantId, merchantId)).orderBy(fundRecords.id);

describe('a withdrawal', () => {
  it('freezes amount + fee with its records, waits for review, is sent on approval and completes on chain', async () => {
    const account = await boundMerchant();
    const { status, body } = await withdraw(account, {
      coinName: 'USDT',
      chainId: 'TRON',
      address: TRON_ADDRESS,
      amount: '20',
    });
    expect(status).toBe(200);
    const { withdrawal } = withdrawalResult.strict().parse(body.data);
    expect(withdrawal).toMatchObject({
      coinName: 'USDT',
      chainId: 'TRON',
      address: TRON_ADDRESS,
      amount: '20',
      fee: '1',
      total: '21',
      status: 'pending_review',
      txHash: null,
    });
    expect(withdrawal.withdrawalNo).toMatch(/^WD\d{8}[0-9A-F]{20}$/);
    expect(await balanceOf(account.id)).toEqual({ available: 79, frozen: 21 });
    const frozen = (await recordsOf(account.id)).slice(1);
    expect(frozen.map((r) => [r.type, r.bucket, Number(r.changeAmount), r.status, r.orderNo])).toEqual([
      ['withdraw', 'available', -21, 'frozen', withdrawal.withdrawalNo],
      ['withdraw', 'frozen', 21, 'frozen', withdrawal.withdrawalNo],
    ]);
    // Nothing is sent while it waits for review.
    await blocks(3);
    expect((await findWithdrawalByNo(app.db, withdrawal.withdrawalNo))?.status).toBe('pending_review');

    const row = await findWithdrawalByNo(app.db, withdrawal.withdrawalNo);
    const approved = await approveWithdrawal(deps(), row?.id ?? 0, 'ops:1');
    // Claimed, signed, stored and broadcast: `sending`, which the merchant sees as processing.
    expect(approved).toMatchObject({ status: 'sending', reviewedBy: 'ops:1' });
    expect(approved?.txHash).toMatch(/^[0-9a-f]{64}$/);
    // A second approval finds nothing pending.
    expect(await approveWithdrawal(deps(), row?.id ?? 0, 'ops:2')).toBeUndefined();

    await blocks(2);
    expect((await findWithdrawalByNo(app.db, withdrawal.withdrawalNo))?.status).toBe('sending');
    await blocks(1);
    const done = await findWithdrawalByNo(app.db, withdrawal.withdrawalNo);
    expect(done).toMatchObject({ status: 'completed' });
    expect(await balanceOf(account.id)).toEqual({ available: 79, frozen: 0 });
    // The amount sent leaves frozen (its settle), then the fee, each its own record (issue 31).
    const settled = (await recordsOf(account.id)).slice(-2);
    expect(settled.map((r) => [r.type, r.bucket, Number(r.changeAmount), r.status, r.txHash])).toEqual([
      ['withdraw', 'frozen', -20, 'completed', done?.txHash],
      ['withdraw', 'frozen', -1, 'fee', done?.txHash],
    ]);

    // The fund flow says what each of its four records did.
    const flow = await postJson(
      app,
      '/merchant/account/funds-record',
      { orderNo: withdrawal.withdrawalNo },
      { token: account.token },
    );
    expect(
      (flow.json().data.list as { action: string; bucket: string; changeAmount: string }[]).map((r) => [
        r.action,
        r.bucket,
        r.changeAmount,
      ]),
    ).toEqual([
      ['fee', 'frozen', '-1'],
      ['settle', 'frozen', '-20'],
      ['freeze', 'frozen', '21'],
      ['freeze', 'available', '-21'],
    ]);

    // The record, as the asset page lists it.
    const page = await postJson(
      app,
      '/merchant/account/transaction-record',
      { type: 'withdrawal' },
      { token: account.token },
    );
    expect(page.json().data.list).toEqual([
      expect.objectContaining({
        id: withdrawal.withdrawalNo,
        type: 'withdrawal',
        amount: '20',
        fee: '1',
        status: 'completed',
        txHash: done?.txHash,
        confirmations: 3,
        confirmationsRequired: 3,
        // Made on the asset page, not for a payout order.
        withdrawalSource: 'single',
        payoutOrderNo: null,
      }),
    ]);
    // And in the withdrawal records' export, its Source column.
    const file = await postJson(
      app,
      '/export',
      { kind: 'withdrawal', format: 'csv', filters: {} },
      { token: account.token },
    );
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    expect([lines[0]?.[4], lines[1]?.[4]]).toEqual(['来源', '资产页提现']);
  });

  it('returns the total to available when rejected, with the reason, once', async () => {
    const account = await boundMerchant();
    const { body } = await withdraw(account, {
      coinName: 'USDT',
      chainId: 'ETH',
      address: ETH_ADDRESS,
      amount: '50',
    });
    const row = await findWithdrawalByNo(app.db, body.data.withdrawal.withdrawalNo);
    expect(await balanceOf(account.id)).toEqual({ available: 45, frozen: 55 });
    expect(
      await rejectWithdrawal(deps(), row?.id ?? 0, 'ops:1', 'Address belongs to a sanctioned service'),
    ).toMatchObject({ status: 'rejected', reason: 'Address belongs to a sanctioned service' });
    expect(await rejectWithdrawal(deps(), row?.id ?? 0, 'ops:1', 'again')).toBeUndefined();
    expect(await approveWithdrawal(deps(), row?.id ?? 0, 'ops:1')).toBeUndefined();
    expect(await balanceOf(account.id)).toEqual({ available: 100, frozen: 0 });
    expect(
      (await recordsOf(account.id)).slice(-2).map((r) => [r.bucket, Number(r.changeAmount), r.status]),
    ).toEqual([
      ['frozen', -55, 'released'],
      ['available', 55, 'released'],
    ]);
    const flow = await postJson(
      app,
      '/merchant/account/funds-record',
      { orderNo: body.data.withdrawal.withdrawalNo },
      { token: account.token },
    );
    expect((flow.json().data.list as { action: string }[]).map((r) => r.action)).toEqual([
      'release',
      'release',
      'freeze',
      'freeze',
    ]);
  });

  it('fails when its transfer is reverted on chain, and the total returns to available', async () => {
    const account = await boundMerchant({ DOGE: '1000' });
    const { body } = await withdraw(account, {
      coinName: 'DOGE',
      chainId: 'DOGE',
      address: DOGE_ADDRESS,
      amount: '100',
    });
    const row = await findWithdrawalByNo(app.db, body.data.withdrawal.withdrawalNo);
    const approved = await approveWithdrawal(deps(), row?.id ?? 0, 'ops:1', { failOnChain: true });
    expect(approved?.txHash).toBeTruthy();
    // Mined reverted in the next block; failed and released only with the chain's 3 confirmations.
    await blocks(2);
    expect(await findWithdrawalByNo(app.db, row?.withdrawalNo ?? '')).toMatchObject({ status: 'sending' });
    expect(await balanceOf(account.id, 'DOGE')).toEqual({ available: 895, frozen: 105 });
    await blocks(1);
    expect(await findWithdrawalByNo(app.db, row?.withdrawalNo ?? '')).toMatchObject({
      status: 'failed',
      reason: 'reverted',
    });
    expect(await balanceOf(account.id, 'DOGE')).toEqual({ available: 1000, frozen: 0 });
    expect(
      (await recordsOf(account.id)).slice(-2).map((r) => [r.bucket, Number(r.changeAmount), r.status]),
    ).toEqual([
      ['frozen', -105, 'released'],
      ['available', 105, 'released'],
    ]);
  });

  it('skips review up to the auto-approve threshold (in USDT), and is reviewed above it', async () => {
    const account = await boundMerchant({ USDT: '2100' }, '1000');
    const small = await withdraw(account, {
      coinName: 'USDT',
      chainId: 'BSC',
      address: ETH_ADDRESS,
      amount: '999.5',
    });
    // 999.5 + 0.5 fee = 1000 USDT: at the threshold, approved and sent at once.
    expect(small.body.data.withdrawal).toMatchObject({ status: 'processing', total: '1000' });
    expect(small.body.data.withdrawal.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const large = await withdraw(account, {
      coinName: 'USDT',
      chainId: 'BSC',
      address: ETH_ADDRESS,
      amount: '999.6',
    });
    expect(large.body.data.withdrawal.status).toBe('pending_review');
    await blocks(3);
    expect((await findWithdrawalByNo(app.db, small.body.data.withdrawal.withdrawalNo))?.status).toBe(
      'completed',
    );
    expect(await balanceOf(account.id)).toEqual({ available: 99.9, frozen: 1000.1 });
  });
});

describe('refusals', () => {
  it('refuses each broken rule with its own message, and changes nothing', async () => {
    const account = await boundMerchant({ USDT: '100', DOGE: '50' });
    const cases: [Record<string, unknown>, number, string, string?][] = [
      [
        { chainId: 'TRON', address: TRON_ADDRESS, amount: '20' },
        1001,
        'Please choose a currency',
        'coinName',
      ],
      [{ coinName: 'USDT', address: TRON_ADDRESS, amount: '20' }, 1001, 'Please choose a network', 'chainId'],
      [
        { coinName: 'USDT', chainId: 'TRON', amount: '20' },
        1001,
        'Please enter the wallet address',
        'address',
      ],
      [
        { coinName: 'USDT', chainId: 'TRON', address: TRON_ADDRESS },
        1001,
        'Please enter an amount',
        'amount',
      ],
      [
        { coinName: 'USDT', chainId: 'TRON', address: ETH_ADDRESS, amount: '20' },
        1001,
        'Not a valid TRON address',
        'address',
      ],
      [
        { coinName: 'USDT', chainId: 'ETH', address: TRON_ADDRESS, amount: '20' },
        1001,
        'Not a valid ETH address',
        'address',
      ],
      // A checksum error: one letter's case changed.
      [
        { coinName: 'USDT', chainId: 'ETH', address: ETH_ADDRESS.replace('Ef', 'ef'), amount: '20' },
        1001,
        'Not a valid ETH address',
        'address',
      ],
      [
        { coinName: 'DOGE', chainId: 'DOGE', address: TRON_ADDRESS, amount: '20' },
        1001,
        'Not a valid DOGE address',
        'address',
      ],
      [
        { coinName: 'USDT', chainId: 'TRON', address: TRON_ADDRESS, amount: '9.99' },
        1001,
        'The minimum withdrawal is 10 USDT',
        'amount',
      ],
      [
        { coinName: 'USDT', chainId: 'TRON', address: TRON_ADDRESS, amount: '100000.01' },
        1001,
        'The maximum withdrawal is 100,000 USDT',
        'amount',
      ],
      [
        { coinName: 'USDT', chainId: 'TRON', address: TRON_ADDRESS, amount: '10.0000001' },
        1001,
        'Too many decimal places for this currency',
        'amount',
      ],
      [
        { coinName: 'USDT', chainId: 'TRON', address: TRON_ADDRESS, amount: '-5' },
        1001,
        'Enter an amount greater than 0',
        'amount',
      ],
      [
        { coinName: 'BNB', chainId: 'TRON', address: TRON_ADDRESS, amount: '20' },
        1001,
        'This currency is not carried on this network',
        'coinName',
      ],
      [
        { coinName: 'USDT', chainId: 'SOLANA', address: TRON_ADDRESS, amount: '20' },
        3002,
        'This currency or network is not supported or is disabled',
      ],
      [
        { coinName: 'USDT', chainId: 'TRON', address: TRON_ADDRESS, amount: '99.5' },
        3201,
        'Not enough available balance: 100.5 USDT needed (amount and fee), 100 USDT available',
      ],
      [
        { coinName: 'USDT', chainId: 'TRON', address: TRON_ADDRESS, amount: '20', googleCode: '000000' },
        1203,
        'Incorrect Google Authenticator code',
      ],
      [
        { coinName: 'USDT', chainId: 'TRON', address: TRON_ADDRESS, amount: '20', googleCode: '' },
        1001,
        'Please enter the 6-digit code',
        'googleCode',
      ],
    ];
    for (const [body, code, message, field] of cases) {
      const { body: json } = await withdraw(account, body);
      expect(json.code, JSON.stringify(body)).toBe(code);
      expect(json.message, JSON.stringify(body)).toBe(message);
      if (field) expect(json.data.errors[0].field).toBe(field);
    }
    expect(await balanceOf(account.id)).toEqual({ available: 100, frozen: 0 });
    expect(await app.db.select().from(withdrawals).where(eq(withdrawals.merchantId, account.id))).toEqual([]);
    // In the merchant's language.
    const zh = await withdraw(
      account,
      { coinName: 'USDT', chainId: 'TRON', address: TRON_ADDRESS, amount: '9' },
      'zh_CN',
    );
    expect(zh.body.message).toBe('最小提现金额为 10 USDT');
  });

  it('refuses an address the platform holds (an order’s, a deposit address, the hot and gas wallets), changing nothing', async () => {
    const account = await boundMerchant({ USDT: '100', DOGE: '500' });
    // Another merchant's ETH order, and this merchant's own TRON deposit address.
    const other = await createMerchant(app);
    const shop = await createTestApplication(app, other.id);
    const order = await createOrderOn(deps(), shop, { amount: '10', network: 'ETH' });
    const orderAddress = order.payAddress ?? '';
    expect(orderAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const deposit = await postJson(
      app,
      '/merchant/account/deposit',
      { coinName: 'USDT', chainId: 'TRON' },
      { token: account.token },
    );
    const depositAddress: string = deposit.json().data.address;
    expect(depositAddress).toMatch(/^T/);
    const wallet = (chainId: string, key: { account: number; index: number }) =>
      app.chains.get(chainId)?.deriveAddress(key.index, key.account) ?? '';
    const cases: [Record<string, unknown>, string][] = [
      [{ coinName: 'USDT', chainId: 'ETH', address: orderAddress }, 'ETH'],
      // Any letter case, and on every chain of the family (one derivation serves them all).
      [{ coinName: 'USDT', chainId: 'ETH', address: orderAddress.toLowerCase() }, 'ETH'],
      [{ coinName: 'USDT', chainId: 'BSC', address: orderAddress }, 'BSC'],
      [{ coinName: 'USDT', chainId: 'TRON', address: ` ${depositAddress} ` }, 'TRON'],
      [{ coinName: 'USDT', chainId: 'TRON', address: wallet('TRON', HOT_WALLET) }, 'TRON'],
      [{ coinName: 'DOGE', chainId: 'DOGE', address: wallet('DOGE', HOT_WALLET) }, 'DOGE'],
      [
        {
          coinName: 'USDT',
          chainId: 'ETH',
          address: wallet('ETH', GAS_WALLET).toUpperCase().replace('0X', '0x'),
        },
        'ETH',
      ],
    ];
    for (const [body, chain] of cases) {
      const { status, body: json } = await withdraw(account, { ...body, amount: '20' });
      expect(json.code, JSON.stringify(body)).toBe(1001);
      expect(status).toBe(400);
      expect(json.message).toBe(
        `This ${chain} address belongs to the platform itself (an order's or a deposit address, or the hot or gas wallet): enter an address outside the platform`,
      );
      expect(json.data.errors).toEqual([{ field: 'address', message: json.message }]);
    }
    expect(await balanceOf(account.id)).toEqual({ available: 100, frozen: 0 });
    expect(await balanceOf(account.id, 'DOGE')).toEqual({ available: 500, frozen: 0 });
    expect(await app.db.select().from(withdrawals).where(eq(withdrawals.merchantId, account.id))).toEqual([]);
    // Only the balances set up: no record of any kind.
    expect((await recordsOf(account.id)).length).toBe(2);
    // In the merchant's language; an address outside the platform still goes.
    const zh = await withdraw(
      account,
      { coinName: 'USDT', chainId: 'TRON', address: depositAddress, amount: '20' },
      'zh_CN',
    );
    expect(zh.body.message).toBe(
      '该 TRON 地址属于平台自身（订单地址、充值地址或热钱包、燃料钱包），请填写平台以外的地址',
    );
    const fine = await withdraw(account, {
      coinName: 'USDT',
      chainId: 'TRON',
      address: TRON_ADDRESS,
      amount: '20',
    });
    expect(fine.body.code).toBe(0);
  });

  it('needs Google bound (1201), and a refused withdrawal does not spend the code', async () => {
    const merchant = await createMerchant(app);
    await setBalance(app, { merchantId: merchant.id, coinName: 'USDT', available: '100' });
    const token = await logInAs(app, merchant);
    const unbound = await postJson(
      app,
      '/merchant/account/withdrawal',
      { coinName: 'USDT', chainId: 'TRON', address: TRON_ADDRESS, amount: '20', googleCode: '123456' },
      { token },
    );
    expect(unbound.json().code).toBe(1201);

    const account = await boundMerchant({ USDT: '30' });
    const code = freshCode(account);
    const send = (amount: string) =>
      postJson(
        app,
        '/merchant/account/withdrawal',
        { coinName: 'USDT', chainId: 'TRON', address: TRON_ADDRESS, amount, googleCode: code },
        { token: account.token },
      );
    expect((await send('29.5')).json().code).toBe(3201);
    expect((await send('20')).json().code).toBe(0);
    // Now spent: the same code again is a reuse.
    expect((await send('10')).json()).toMatchObject({ code: 1203 });
  });
});

describe('the 24 h lock after a password or Google change', () => {
  const TRON_20 = { coinName: 'USDT', chainId: 'TRON', address: TRON_ADDRESS, amount: '20' };

  it('locks after a Google unbind and the bind after it (not after a first bind), for 24 h, with its own message', async () => {
    const merchant = await createMerchant(app);
    await setBalance(app, { merchantId: merchant.id, coinName: 'USDT', available: '100' });
    const token = await logInAs(app, merchant);
    const first = await bindGoogleThroughApi(app, token, merchant.password);
    const account = { id: merchant.id, token, secret: first };
    // A first bind locks nothing.
    expect((await withdraw(account, TRON_20)).body.code).toBe(0);

    clock.advance(30_000);
    const unbind = await postJson(
      app,
      '/google/remove',
      { password: merchant.password, code: googleCodeNow(app, first) },
      { token },
    );
    expect(unbind.json().code).toBe(0);
    const unbindAt = app.now();
    expect((await withdraw(account, TRON_20)).body.code).toBe(1201);
    clock.advance(60 * 60_000);
    account.secret = await bindGoogleThroughApi(app, token, merchant.password);
    // Locked until 24 h after the unbind... and the bind after it, which came an hour later.
    const locked = await withdraw(account, TRON_20);
    expect(locked.status).toBe(403);
    expect(locked.body.code).toBe(3202);
    const until = new Date(app.now().getTime() + 24 * 60 * 60_000 - 30_000);
    expect(new Date(locked.body.data.lockedUntil).getTime()).toBeGreaterThan(
      unbindAt.getTime() + 24 * 60 * 60_000,
    );
    expect(locked.body.message).toMatch(
      /^Withdrawals are paused for 24 hours after a password or Google Authenticator change, or after the address whitelist is turned off\. They open again at \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/,
    );
    expect(Math.abs(new Date(locked.body.data.lockedUntil).getTime() - until.getTime())).toBeLessThan(60_000);
    const zh = await withdraw(account, TRON_20, 'zh_CN');
    expect(zh.body.message).toMatch(
      /^修改密码或谷歌验证器、或关闭提现地址白名单后 24 小时内暂停提现，将于 .+ 恢复$/,
    );
    expect(await balanceOf(account.id)).toEqual({ available: 79, frozen: 21 });

    clock.advance(24 * 60 * 60_000);
    expect((await withdraw(account, TRON_20)).body.code).toBe(0);
  });

  it('locks after a password change', async () => {
    const account = await boundMerchant();
    clock.advance(61_000);
    expect(
      (await postForm(app, '/email/update/password/code', {}, { token: account.token })).json().code,
    ).toBe(0);
    const [row] = await app.db
      .select({ email: merchants.email })
      .from(merchants)
      .where(eq(merchants.id, account.id));
    const email = row?.email ?? '';
    const code = await codeMailedTo(app, email);
    const changed = await postForm(
      app,
      '/update/password',
      { oldPassword: 'Merchant2026', password: 'Changed2026pass', confirmPassword: 'Changed2026pass', code },
      { token: account.token },
    );
    expect(changed.json().code).toBe(0);
    clock.advance(30_000);
    const login = await postForm(app, '/login', {
      email,
      password: 'Changed2026pass',
      googleCode: googleCodeNow(app, account.secret),
    });
    const token = login.json().data.token as string;
    const refused = await withdraw({ ...account, token }, TRON_20);
    expect(refused.body.code).toBe(3202);
    // The pages can say so before a refusal: the login's userInfo and /merchant/info carry the end.
    const lockedUntil = refused.body.data.lockedUntil as string;
    expect(login.json().data.userInfo.withdrawalLockedUntil).toBe(lockedUntil);
    const info = await getAs(app, '/merchant/info', { token });
    expect(info.json().data.withdrawalLockedUntil).toBe(lockedUntil);
    clock.advance(24 * 60 * 60_000);
    expect((await getAs(app, '/merchant/info', { token })).json().data.withdrawalLockedUntil).toBeNull();
  });

  it('locks after a password reset', async () => {
    const account = await boundMerchant();
    const [row] = await app.db
      .select({ email: merchants.email })
      .from(merchants)
      .where(eq(merchants.id, account.id));
    const email = row?.email ?? '';
    clock.advance(61_000);
    expect((await postForm(app, '/v1/reset/emailCode', { email })).json().code).toBe(0);
    const code = await codeMailedTo(app, email);
    const reset = await postForm(app, '/reset/login/password', { email, code, password: 'Reset2026pass' });
    expect(reset.json().code).toBe(0);
    clock.advance(30_000);
    const login = await postForm(app, '/login', {
      email,
      password: 'Reset2026pass',
      googleCode: googleCodeNow(app, account.secret),
    });
    const token = login.json().data.token as string;
    expect((await withdraw({ ...account, token }, TRON_20)).body.code).toBe(3202);
    clock.advance(24 * 60 * 60_000);
    expect((await withdraw({ ...account, token }, TRON_20)).body.code).toBe(0);
  });
});
