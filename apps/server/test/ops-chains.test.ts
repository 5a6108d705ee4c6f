/**
 * The operator console's Chains page (issue 32): GET /front/ops/chains on the devnet (every chain
 * running, its scan, the hot and gas wallets, held withdrawals, open alerts) and the retry of a
 * held withdrawal (audited; 3205 once it is no longer held). The live side (a node that does not
 * answer makes its chain degraded) is in the anvil tests.
 */
import { opsChains } from '@tollgate/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainAlerts, operatorAuditLog, withdrawals } from '../src/db/schema';
import { bindGoogleThroughApi } from './helpers/accounts';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { googleCodeNow, postJson } from './helpers/calls';
import { createMerchant, logInAs, setBalance } from './helpers/factories';
import { expectLedgerClean } from './helpers/ledger';
import { createTestOperator, logInOperator, opsCall } from './helpers/ops';

const TRON_ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const clock = createTestClock(new Date('2026-12-07T09:00:00.000Z'));
let app: FastifyInstance;
let opsToken: string;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  await app.ready();
  await app.chains.stop();
  await app.watcher.stop();
  await app.jobs.stop();
  opsToken = await logInOperator(app, await createTestOperator(app));
});
afterAll(async () => {
  await expectLedgerClean(app.db);
  await app.close();
});

const ops = (path: string, body?: unknown, lang = 'en_US') =>
  opsCall(app, path, body, { token: opsToken, lang }).then((r) => ({ status: r.statusCode, body: r.json() }));

async function pendingWithdrawal(amount: string) {
  const merchant = await createMerchant(app);
  const token = await logInAs(app, merchant);
  const secret = await bindGoogleThroughApi(app, token, merchant.password);
  await setBalance(app, { merchantId: merchant.id, coinName: 'USDT', available: '100' });
  clock.advance(30_000);
  const response = await postJson(
    app,
    '/merchant/account/withdrawal',
    {
      coinName: 'USDT',
      chainId: 'TRON',
      address: TRON_ADDRESS,
      amount,
      googleCode: googleCodeNow(app, secret),
    },
    { token },
  );
  expect(response.json().code).toBe(0);
  return response.json().data.withdrawal.withdrawalNo as string;
}

describe('GET /front/ops/chains', () => {
  it('shows every devnet chain running, with its scan and its wallets', async () => {
    await app.chains.devnet?.produceBlock();
    await app.watcher.tick();
    const { status, body } = await ops('/chains');
    expect(status).toBe(200);
    const { chains } = opsChains.parse(body.data);
    expect(chains.map((chain) => chain.chainId)).toEqual(['ETH', 'TRON', 'BSC', 'POLYGON', 'DOGE']);
    for (const chain of chains) {
      expect(chain).toMatchObject({ mode: 'devnet', state: 'ok', reason: null, reasonCode: null });
      expect(chain.headHeight).toBeGreaterThanOrEqual(1);
      expect(chain.scannedHeight).toBe(chain.headHeight);
      expect(chain.lag).toBe(0);
      expect(chain.lastBlockTime).not.toBeNull();
      expect(chain.wallets.map((wallet) => wallet.role)).toEqual(
        chain.chainId === 'DOGE' ? ['hot'] : ['hot', 'gas'],
      );
      // Unspent outputs are a live UTXO chain's (sweeps-utxo.test.ts): the devnet keeps none.
      expect(chain.wallets.map((wallet) => wallet.unspentOutputs)).toEqual(chain.wallets.map(() => null));
      expect(app.chains.get(chain.chainId)?.isValidAddress(chain.wallets[0]?.address ?? '')).toBe(true);
      // Every coin of the chain on the hot wallet, the native coin only on the gas wallet.
      if (chain.chainId !== 'DOGE') {
        expect(chain.wallets[1]?.balances).toHaveLength(1);
        expect(chain.wallets[1]?.address).not.toBe(chain.wallets[0]?.address);
      }
      expect(chain.alerts).toEqual([]);
    }
    const eth = chains.find((chain) => chain.chainId === 'ETH');
    expect(eth?.wallets[1]?.balances[0]?.coinName).toBe('ETH');
  });

  it('lists an open alert until it is resolved', async () => {
    const at = clock.now();
    const [alert] = await app.db
      .insert(chainAlerts)
      .values({
        chainId: 'TRON',
        kind: 'hot_wallet_low',
        key: 'USDT',
        detail: { needed: '12', held: '3' },
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    const open = opsChains.parse((await ops('/chains')).body.data);
    expect(open.chains.find((chain) => chain.chainId === 'TRON')?.alerts).toMatchObject([
      { kind: 'hot_wallet_low', key: 'USDT', detail: { needed: '12', held: '3' } },
    ]);
    if (!alert) throw new Error('no alert');
    await app.db.update(chainAlerts).set({ resolvedAt: clock.now() }).where(eq(chainAlerts.id, alert.id));
    const resolved = opsChains.parse((await ops('/chains')).body.data);
    expect(resolved.chains.find((chain) => chain.chainId === 'TRON')?.alerts).toEqual([]);
  });
});

describe('POST /front/ops/chains/retry', () => {
  it('sends a held withdrawal again, audited, and refuses one that is no longer held', async () => {
    const withdrawalNo = await pendingWithdrawal('10');
    // Held: approved, but never signed (what a short hot wallet leaves behind).
    await app.db
      .update(withdrawals)
      .set({ status: 'processing' })
      .where(eq(withdrawals.withdrawalNo, withdrawalNo));
    const before = opsChains.parse((await ops('/chains')).body.data);
    expect(before.chains.find((chain) => chain.chainId === 'TRON')?.held).toMatchObject([
      { withdrawalNo, coinName: 'USDT', amount: '10' },
    ]);

    const retried = await ops('/chains/retry', { withdrawalNo });
    expect(retried).toMatchObject({ status: 200, body: { code: 0 } });
    const [row] = await app.db.select().from(withdrawals).where(eq(withdrawals.withdrawalNo, withdrawalNo));
    expect(row?.status === 'sending' || row?.txHash !== null).toBe(true);
    const after = opsChains.parse((await ops('/chains')).body.data);
    expect(after.chains.find((chain) => chain.chainId === 'TRON')?.held).toEqual([]);
    const audit = await app.db
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.target, `withdrawal:${withdrawalNo}`));
    expect(audit.map((entry) => entry.action)).toContain('chain_send_retry');

    const again = await ops('/chains/retry', { withdrawalNo }, 'zh_CN');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 3205,
      message: '该提现已不在等待发送：它已发出或已结束。请刷新页面',
    });
    const unknown = await ops('/chains/retry', { withdrawalNo: 'WD20261207NOPE' });
    expect(unknown.status).toBe(404);
  });
});
