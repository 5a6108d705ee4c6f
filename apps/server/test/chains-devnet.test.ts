/**
 * The devnet through app.chains: every chain's adapter over the database, real addresses from
 * the wallet, devnet transfers refused on bad input with nothing written, blocks that include
 * the pending transfers (on demand here; the timer in chains-block-producer.test.ts), scans and
 * blocks as the watcher reads them, and the sender (sign, broadcast, replace, state).
 */
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSender, CHAIN_IDS } from '../src/chains/chain-adapter';
import { devnetTransfer } from '../src/chains/devnet/devnet-transfer';
import { devnetBlocks, devnetTransfers, walletSecrets } from '../src/db/schema';
import { AppError } from '../src/lib/app-error';
import { buildTestApp } from './helpers/build-test-app';

const TEST_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
/** The BIP-44 test mnemonic's first addresses (sources in src/chains/addresses.test.ts). */
const EVM_0 = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const TRON_0 = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const DOGE_0 = 'DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC';

let app: FastifyInstance;
beforeAll(async () => {
  // An hour between timer blocks: this file makes its blocks itself.
  app = await buildTestApp({ env: { WALLET_MNEMONIC: TEST_MNEMONIC, DEVNET_BLOCK_MS: '3600000' } });
  await app.ready();
});
afterAll(() => app.close());

const devnet = () => {
  if (!app.chains.devnet) throw new Error('devnet controls missing');
  return app.chains.devnet;
};
const adapter = (chainId: string) => {
  const found = app.chains.get(chainId);
  if (!found) throw new Error(`no adapter for ${chainId}`);
  return found;
};
/** A scan's transfers, to `watched` or to every address a devnet transfer went to. */
const scanTransfers = async (chainId: string, from: number, to: number, watched?: ReadonlySet<string>) => {
  const every = new Set(
    (await app.db.select({ to: devnetTransfers.toAddress }).from(devnetTransfers)).map((r) => r.to),
  );
  return (await adapter(chainId).scan(from, to, watched ?? every)).transfers;
};
const transferCount = async () => (await app.db.select({ n: count() }).from(devnetTransfers))[0]?.n;

describe('the registry in devnet mode', () => {
  it('enables every chain on devnet with 3 confirmations, and knows no other', () => {
    expect(app.chains.mode).toBe('devnet');
    expect(app.chains.enabled().map((a) => [a.chainId, a.family, a.mode, a.confirmations])).toEqual([
      ['ETH', 'evm', 'devnet', 3],
      ['TRON', 'tron', 'devnet', 3],
      ['BSC', 'evm', 'devnet', 3],
      ['POLYGON', 'evm', 'devnet', 3],
      ['DOGE', 'doge', 'devnet', 3],
    ]);
    expect(app.chains.get('BTC')).toBeUndefined();
    expect(app.chains.get('eth')).toBeUndefined();
    expect(app.chains.statuses().every((s) => s.enabled && s.reason === undefined)).toBe(true);
  });

  it('derives the real addresses: one EVM derivation for ETH, BSC and Polygon', () => {
    expect(adapter('ETH').deriveAddress(0)).toBe(EVM_0);
    expect(adapter('BSC').deriveAddress(0)).toBe(EVM_0);
    expect(adapter('POLYGON').deriveAddress(0)).toBe(EVM_0);
    expect(adapter('TRON').deriveAddress(0)).toBe(TRON_0);
    expect(adapter('DOGE').deriveAddress(0)).toBe(DOGE_0);
    expect(adapter('ETH').deriveAddress(0, 1)).not.toBe(EVM_0);
    expect(adapter('TRON').isValidAddress(TRON_0)).toBe(true);
    expect(adapter('TRON').isValidAddress(EVM_0)).toBe(false);
    expect(adapter('ETH').isValidAddress(EVM_0.toLowerCase())).toBe(true);
  });

  it('starts every chain at its genesis block, and stores no mnemonic when WALLET_MNEMONIC is set', async () => {
    for (const chainId of CHAIN_IDS) expect(await adapter(chainId).headHeight()).toBe(0);
    expect(await app.db.select().from(walletSecrets)).toEqual([]);
  });
});

describe('GET /front/config/runtime', () => {
  it('tells the web app, without a token, that payments are simulated', async () => {
    const response = await app.inject({ url: '/front/config/runtime', headers: { lang: 'en_US' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 0,
      message: 'Success',
      data: {
        chainMode: 'devnet',
        chains: CHAIN_IDS.map((chainId) => ({ chainId, enabled: true, confirmations: 3 })),
      },
    });
  });
});

describe('devnetTransfer', () => {
  const refusals: [string, Parameters<typeof devnetTransfer>[1], string][] = [
    ['an unknown chain', { chainId: 'BTC', toAddress: EVM_0, coinName: 'USDT', amount: '1' }, 'network'],
    [
      'a coin not on the chain',
      { chainId: 'ETH', toAddress: EVM_0, coinName: 'TRX', amount: '1' },
      'currency',
    ],
    ['an unknown coin', { chainId: 'TRON', toAddress: TRON_0, coinName: 'XYZ', amount: '1' }, 'currency'],
    [
      'a bad EIP-55 checksum',
      { chainId: 'ETH', toAddress: EVM_0.replace('Ef', 'eF'), coinName: 'USDT', amount: '1' },
      'toAddress',
    ],
    [
      'another family’s address',
      { chainId: 'TRON', toAddress: EVM_0, coinName: 'USDT', amount: '1' },
      'toAddress',
    ],
    [
      'a bad base58 checksum',
      { chainId: 'DOGE', toAddress: `${DOGE_0.slice(0, -1)}D`, coinName: 'DOGE', amount: '1' },
      'toAddress',
    ],
    [
      'a bad payer address',
      { chainId: 'ETH', toAddress: EVM_0, coinName: 'ETH', amount: '1', fromAddress: TRON_0 },
      'fromAddress',
    ],
    ['a zero amount', { chainId: 'ETH', toAddress: EVM_0, coinName: 'USDT', amount: '0' }, 'amount'],
    ['a negative amount', { chainId: 'ETH', toAddress: EVM_0, coinName: 'USDT', amount: '-5' }, 'amount'],
    ['not a number', { chainId: 'ETH', toAddress: EVM_0, coinName: 'USDT', amount: '1e3' }, 'amount'],
    [
      'more decimals than USDT-TRC20 has (6)',
      { chainId: 'TRON', toAddress: TRON_0, coinName: 'USDT', amount: '1.0000001' },
      'amount',
    ],
    [
      'more decimals than DOGE has (8)',
      { chainId: 'DOGE', toAddress: DOGE_0, coinName: 'DOGE', amount: '0.000000001' },
      'amount',
    ],
    [
      'more than NUMERIC(38,18) holds',
      { chainId: 'BSC', toAddress: EVM_0, coinName: 'BNB', amount: '100000000000000000000' },
      'amount',
    ],
  ];

  it.each(refusals)('refuses %s (1001 on its field), writing nothing', async (_what, input, field) => {
    const error = await devnetTransfer(app.db, input).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(1001);
    expect((error as AppError).fieldErrors.map((f) => f.field)).toEqual([field]);
    expect(await transferCount()).toBe(0);
  });

  it('inserts a pending transfer with a hash in the chain’s own format', async () => {
    const eth = await devnetTransfer(app.db, {
      chainId: 'ETH',
      toAddress: EVM_0.toLowerCase(),
      coinName: 'USDT',
      amount: '12.500000',
    });
    expect(eth).toMatchObject({ chainId: 'ETH', toAddress: EVM_0, coinName: 'USDT', amount: '12.5' });
    expect(eth.blockHeight).toBeNull();
    expect(eth.logIndex).toBe(0);
    expect(eth.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(adapter('ETH').isValidAddress(eth.fromAddress)).toBe(true);
    expect(eth.fromAddress).not.toBe(EVM_0);

    const tron = await devnetTransfer(app.db, {
      chainId: 'TRON',
      toAddress: TRON_0,
      coinName: 'USDT',
      amount: '3',
    });
    expect(tron.txHash).toMatch(/^[0-9a-f]{64}$/);
    expect(tron.fromAddress).toMatch(/^T/);
    const doge = await devnetTransfer(app.db, {
      chainId: 'DOGE',
      toAddress: DOGE_0,
      coinName: 'DOGE',
      amount: '0.00000001',
    });
    expect(doge.txHash).toMatch(/^[0-9a-f]{64}$/);
    expect(doge.fromAddress).toMatch(/^D/);
    expect(new Set([eth.txHash, tron.txHash, doge.txHash]).size).toBe(3);
    expect(await transferCount()).toBe(3);
  });
});

describe('blocks, scans and confirmations', () => {
  it('includes every pending transfer in the next block of its own chain, once', async () => {
    const pending = await app.db.select().from(devnetTransfers);
    expect(pending.every((t) => t.blockHeight === null)).toBe(true);
    expect(await scanTransfers('ETH', 0, 10)).toEqual([]);

    const blocks = await devnet().produceBlock();
    expect(blocks.map((b) => [b.chainId, b.height, b.transfers])).toEqual([
      ['ETH', 1, 1],
      ['TRON', 1, 1],
      ['BSC', 1, 0],
      ['POLYGON', 1, 0],
      ['DOGE', 1, 1],
    ]);
    expect(blocks.find((b) => b.chainId === 'ETH')?.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(blocks.find((b) => b.chainId === 'DOGE')?.hash).toMatch(/^[0-9a-f]{64}$/);
    const stored = await app.db.select().from(devnetBlocks).where(eq(devnetBlocks.chainId, 'ETH'));
    expect(stored.map((b) => b.height).sort()).toEqual([0, 1]);

    const [ethTransfer] = await scanTransfers('ETH', 1, 1);
    expect(ethTransfer).toMatchObject({
      chainId: 'ETH',
      toAddress: EVM_0,
      coinName: 'USDT',
      amount: '12.5',
      blockHeight: 1,
      logIndex: 0,
    });
    expect(await scanTransfers('TRON', 1, 1)).toHaveLength(1);
    expect(await scanTransfers('BSC', 0, 1)).toEqual([]);
    // The next block includes nothing more: each transfer is in exactly one block.
    const next = await devnet().produceBlock();
    expect(next.map((b) => b.transfers)).toEqual([0, 0, 0, 0, 0]);
    expect(await scanTransfers('ETH', 2, 2)).toEqual([]);
    expect(await scanTransfers('ETH', 0, 2)).toHaveLength(1);
  });

  it('filters a scan by the watched addresses (in their normalized form), and gives every block of the range', async () => {
    expect(await scanTransfers('ETH', 0, 5, new Set([EVM_0]))).toHaveLength(1);
    expect(await scanTransfers('ETH', 0, 5, new Set([adapter('ETH').deriveAddress(1)]))).toEqual([]);
    expect(await scanTransfers('ETH', 0, 5, new Set())).toEqual([]);
    expect(await scanTransfers('ETH', 2, 1)).toEqual([]);
    const range = await adapter('ETH').scan(0, 2, new Set());
    expect(range.blocks.map((b) => b.height)).toEqual([0, 1, 2]);
    expect(range.blocks[1]?.parentHash).toBe(range.blocks[0]?.hash);
    expect(range.blocks[2]?.parentHash).toBe(range.blocks[1]?.hash);
    // More watched addresses than a statement may have parameters (65,535): one array parameter.
    const many = new Set(Array.from({ length: 70_000 }, (_, i) => `0x${i.toString(16).padStart(40, '0')}`));
    many.add(EVM_0);
    expect(await scanTransfers('ETH', 0, 5, many)).toHaveLength(1);
  });

  it("gives each canonical block by height with its hash and its parent's, none above the head", async () => {
    const head = await adapter('ETH').headHeight();
    const below = await adapter('ETH').blockAt(head - 1);
    const top = await adapter('ETH').blockAt(head);
    expect(top).toMatchObject({ height: head, parentHash: below?.hash });
    expect(await adapter('ETH').blockAt(head + 1)).toBeNull();
  });

  it('sends from the hot wallet (account 2): signed without the network, one pending transfer per nonce', async () => {
    const sender = accountSender(adapter('POLYGON'));
    const intent = { coinName: 'POL', from: { account: 2, index: 0 }, toAddress: EVM_0, amount: '2' };
    const fee = await sender.quoteFee(intent);
    const signed = await sender.sign(intent, 0, fee);
    expect(signed.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    // Signing wrote nothing: only a broadcast does.
    expect(await sender.txState(signed.txHash)).toEqual({ state: 'unknown' });
    await sender.broadcast(signed.raw);
    // The same bytes again are the same transaction.
    await sender.broadcast(signed.raw);
    expect(
      await app.db.select().from(devnetTransfers).where(eq(devnetTransfers.txHash, signed.txHash)),
    ).toHaveLength(1);
    const [row] = await app.db
      .select()
      .from(devnetTransfers)
      .where(eq(devnetTransfers.txHash, signed.txHash));
    expect(row).toMatchObject({
      chainId: 'POLYGON',
      fromAddress: adapter('POLYGON').deriveAddress(0, 2),
      toAddress: EVM_0,
      blockHeight: null,
      failed: false,
      nonce: 0,
    });
    expect(await sender.txState(signed.txHash)).toEqual({ state: 'pending' });
    // A replacement at the same nonce (a higher fee) takes the pending one's place.
    const replacement = await sender.sign(intent, 0, await sender.quoteFee(intent, fee));
    expect(replacement.txHash).not.toBe(signed.txHash);
    await sender.broadcast(replacement.raw);
    expect(await sender.txState(signed.txHash)).toEqual({ state: 'unknown' });
    const [block] = (await devnet().produceBlock()).filter((b) => b.chainId === 'POLYGON');
    expect(await scanTransfers('POLYGON', block?.height ?? -1, block?.height ?? -1)).toMatchObject([
      { txHash: replacement.txHash, amount: '2' },
    ]);
    expect(await sender.txState(replacement.txHash)).toMatchObject({
      state: 'mined',
      blockHeight: block?.height,
      failed: false,
    });
    // The nonce is spent: the first transaction can no longer be mined.
    await expect(sender.broadcast(signed.raw)).rejects.toThrow(/nonce 0 already mined/);
  });

  it('mines a transfer sent to fail as reverted: in a block, seen by no scan', async () => {
    const sender = accountSender(adapter('ETH'));
    const intent = {
      coinName: 'ETH',
      from: { account: 2, index: 0 },
      toAddress: EVM_0,
      amount: '1',
      failOnChain: true,
    };
    const signed = await sender.sign(intent, 0, await sender.quoteFee(intent));
    await sender.broadcast(signed.raw);
    const [block] = (await devnet().produceBlock()).filter((b) => b.chainId === 'ETH');
    expect(await sender.txState(signed.txHash)).toMatchObject({
      state: 'mined',
      blockHeight: block?.height,
      failed: true,
    });
    expect(await scanTransfers('ETH', block?.height ?? -1, block?.height ?? -1)).toEqual([]);
  });

  it('gives the hot wallet what it received less what it sent: nothing funds it on the devnet', async () => {
    const hot = adapter('ETH').deriveAddress(0, 2);
    // It sent 1 ETH above, reverted: nothing moved.
    expect(await adapter('ETH').balanceOf(hot, 'ETH')).toBe('0');
    expect(await adapter('POLYGON').balanceOf(hot, 'POL')).toBe('-2');
  });
});
