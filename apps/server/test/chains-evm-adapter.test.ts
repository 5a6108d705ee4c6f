/**
 * The live EVM adapter against a real node (anvil, from node_modules): scanning token and
 * native transfers to a watched set, the range narrowed when a provider refuses it, reorgs
 * seen in block hashes, balances at a height, and the account sender's sign / broadcast /
 * replace / rebroadcast against the node's own mempool. No database: the adapter alone.
 */
import { createServer, type Server } from 'node:http';
import { type Address, encodeFunctionData, type Hex, hexToBigInt, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainTransfer, HOT_WALLET, type TransferIntent } from '../src/chains/chain-adapter';
import {
  ChainIdMismatchError,
  createEvmAdapter,
  type EvmAdapter,
  type EvmAdapterOptions,
} from '../src/chains/evm/evm-adapter';
import { EvmBroadcastError } from '../src/chains/evm/evm-sender';
import { createHdWallet } from '../src/chains/hd-wallet';
import { createLocalSigner } from '../src/chains/signer';
import { ANVIL_FUNDER, type Anvil, startAnvil, TEST_TOKEN } from './helpers/anvil';

const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const wallet = createHdWallet(MNEMONIC);
const signer = createLocalSigner(MNEMONIC);
const hot = wallet.deriveAddress('evm', HOT_WALLET.index, HOT_WALLET.account);
const orderAddress = (index: number) => wallet.deriveAddress('evm', index, 0);

let anvil: Anvil;
let token: Address;
let otherToken: Address;

function adapterOn(node: Anvil, extra: Partial<EvmAdapterOptions> = {}): EvmAdapter {
  return createEvmAdapter({
    chainId: 'ETH',
    rpcUrl: node.url,
    expectedChainId: node.chainId,
    coins: [
      { coinName: 'ETH', decimals: 18, contract: null },
      { coinName: 'USDT', decimals: 6, contract: token },
    ],
    confirmations: 3,
    wallet,
    signer,
    ...extra,
  });
}

beforeAll(async () => {
  anvil = await startAnvil();
  token = await anvil.deployToken();
  otherToken = await anvil.deployToken();
  await anvil.setBalance(hot, parseEther('100'));
  await anvil.mint(token, hot, 1_000_000_000n); // 1000 USDT
});
afterAll(async () => {
  await anvil?.stop();
});

describe('scan', () => {
  it('finds the token and native transfers to watched addresses only, with their blocks', async () => {
    const adapter = adapterOn(anvil);
    const [a, b, stranger] = [orderAddress(0), orderAddress(1), orderAddress(2)];
    const reverting = orderAddress(3);
    // A watched address with code that reverts: a value sent to it fails, and is not seen.
    await anvil.setCode(reverting, '0x5f5ffd');
    const from = (await anvil.head()) + 1;
    const usdtToA = await anvil.tokenTransfer(token, a, 12_345_678n); // 12.345678 USDT
    const ethToB = await anvil.send({ to: b, value: parseEther('0.25') });
    const ethToStranger = await anvil.send({ to: stranger, value: parseEther('1') });
    const otherTokenToA = await anvil.tokenTransfer(otherToken, a, 5_000_000n);
    const failed = await anvil.send({ to: reverting, value: parseEther('1'), gas: 100_000n });
    expect((await anvil.receipt(failed))?.status).toBe('0x0');
    await anvil.mint(token, ANVIL_FUNDER, 2_000_001n);
    const batch = await anvil.send({
      to: token,
      data: encodeFunctionData({
        abi: TEST_TOKEN.abi,
        functionName: 'batchTransfer',
        args: [
          [a, b],
          [1n, 2_000_000n],
        ],
      }),
    });
    expect((await anvil.receipt(batch))?.status).toBe('0x1');
    const to = await anvil.head();

    const watched = new Set([a, b, reverting]);
    const { blocks, transfers } = await adapter.scan(from, to, watched);

    expect(blocks.map((block) => block.height)).toEqual(
      Array.from({ length: to - from + 1 }, (_, i) => from + i),
    );
    for (const block of blocks) {
      const node = await anvil.rpc<{ hash: Hex; parentHash: Hex; timestamp: Hex }>('eth_getBlockByNumber', [
        `0x${block.height.toString(16)}`,
        false,
      ]);
      expect(block).toEqual({
        height: block.height,
        hash: node.hash,
        parentHash: node.parentHash,
        time: new Date(Number(hexToBigInt(node.timestamp)) * 1000),
      });
    }
    const seen = transfers.map((t) => [t.txHash, t.toAddress, t.coinName, t.amount]);
    expect(seen).toEqual([
      [usdtToA, a, 'USDT', '12.345678'],
      [ethToB, b, 'ETH', '0.25'],
      [batch, a, 'USDT', '0.000001'],
      [batch, b, 'USDT', '2'],
    ]);
    expect(seen.flat()).not.toContain(ethToStranger);
    expect(seen.flat()).not.toContain(otherTokenToA);
    expect(seen.flat()).not.toContain(failed);
    const byHeight = new Map(blocks.map((block) => [block.height, block]));
    for (const transfer of transfers) {
      const receipt = await anvil.receipt(transfer.txHash);
      expect(transfer.blockHeight).toBe(Number(hexToBigInt(receipt?.blockNumber ?? '0x0')));
      expect(transfer.blockHash).toBe(receipt?.blockHash);
      expect(transfer.blockTime).toEqual(byHeight.get(transfer.blockHeight)?.time);
      expect(transfer.chainId).toBe('ETH');
    }
    expect(transfers[1]).toMatchObject({ fromAddress: ANVIL_FUNDER, logIndex: 0 });
    expect(transfers[0]?.fromAddress).toBe(ANVIL_FUNDER);
    // The batch's two logs: one transaction, two log indexes.
    expect(transfers[2]?.logIndex).not.toBe(transfers[3]?.logIndex);

    // Nothing watched: blocks only.
    expect((await adapter.scan(from, to, new Set())).transfers).toEqual([]);
  });

  it('narrows the log range while the provider refuses it, and finds every transfer', async () => {
    const proxy = await refusingProxy(anvil.url, 4);
    try {
      const adapter = adapterOn(anvil, { rpcUrl: proxy.url, maxLogRange: 64 });
      const address = orderAddress(10);
      const from = (await anvil.head()) + 1;
      const hashes: Hex[] = [];
      for (let i = 0; i < 6; i++) {
        hashes.push(await anvil.tokenTransfer(token, address, BigInt(i + 1)));
        await anvil.mine(2);
      }
      const to = await anvil.head();
      const { transfers, blocks } = await adapter.scan(from, to, new Set([address]));
      expect(blocks).toHaveLength(to - from + 1);
      expect(transfers.map((t) => t.txHash)).toEqual(hashes);
      expect(transfers.map((t) => t.amount)).toEqual([
        '0.000001',
        '0.000002',
        '0.000003',
        '0.000004',
        '0.000005',
        '0.000006',
      ]);
      expect(proxy.refused).toBeGreaterThan(0);
      expect(adapter.logRange()).toBeLessThanOrEqual(4);
      expect(Math.max(...proxy.servedRanges)).toBeLessThanOrEqual(4);
    } finally {
      await proxy.close();
    }
  });

  it('reads the native transfers’ receipts in one batch, and one by one from a provider refusing batches', async () => {
    const paid = [orderAddress(70), orderAddress(71), orderAddress(72)];
    const reverting = orderAddress(73);
    await anvil.setCode(reverting, '0x5f5ffd');
    const from = (await anvil.head()) + 1;
    const hashes: Hex[] = [];
    for (const [i, address] of paid.entries()) {
      hashes.push(await anvil.send({ to: address, value: parseEther('0.01') * BigInt(i + 1) }));
    }
    const failed = await anvil.send({ to: reverting, value: parseEther('1'), gas: 100_000n });
    expect((await anvil.receipt(failed))?.status).toBe('0x0');
    const to = await anvil.head();
    const watched = new Set([...paid, reverting]);
    const expected = hashes.map((hash, i) => [hash, paid[i], 'ETH', ['0.01', '0.02', '0.03'][i]]);
    const seen = (transfers: ChainTransfer[]) =>
      transfers.map((t) => [t.txHash, t.toAddress, t.coinName, t.amount]);

    const batching = await refusingProxy(anvil.url, 1_000_000);
    const refusing = await refusingProxy(anvil.url, 1_000_000, [], { refuseBatches: true });
    try {
      // Four receipts (three paid, one reverted), one request.
      const { transfers } = await adapterOn(anvil, { rpcUrl: batching.url }).scan(from, to, watched);
      expect(seen(transfers)).toEqual(expected);
      expect(batching.batches).toBe(1);

      const adapter = adapterOn(anvil, { rpcUrl: refusing.url });
      expect(seen((await adapter.scan(from, to, watched)).transfers)).toEqual(expected);
      expect(refusing.refused).toBe(1);
      // Refused once: no batch asked again.
      expect(seen((await adapter.scan(from, to, watched)).transfers)).toEqual(expected);
      expect(refusing.refused).toBe(1);
      expect(refusing.batches).toBe(0);
    } finally {
      await batching.close();
      await refusing.close();
    }
  });

  it('sees a reorg: blockAt gives the new hash, and the orphaned transfer is gone', async () => {
    const adapter = adapterOn(anvil);
    const address = orderAddress(20);
    await anvil.mine(1);
    const paid = await anvil.send({ to: address, value: parseEther('0.5') });
    const height = Number(hexToBigInt((await anvil.receipt(paid))?.blockNumber ?? '0x0'));
    await anvil.mine(1);
    const before = await adapter.blockAt(height);
    const scanned = await adapter.scan(height, height, new Set([address]));
    expect(scanned.transfers.map((t) => t.txHash)).toEqual([paid]);

    await anvil.reorg(2);
    const after = await adapter.blockAt(height);
    expect(after?.hash).not.toBe(before?.hash);
    expect(after?.parentHash).toBe(before?.parentHash);
    expect((await adapter.scan(height, height, new Set([address]))).transfers).toEqual([]);
    expect(await adapter.balanceOf(address, 'ETH')).toBe('0');
    expect(await adapter.blockAt((await anvil.head()) + 1)).toBeNull();
  });
});

describe('balances', () => {
  it('reads native and token balances at a height and at the head', async () => {
    const adapter = adapterOn(anvil);
    const address = orderAddress(30);
    await anvil.send({ to: address, value: parseEther('1.5') });
    await anvil.tokenTransfer(token, address, 7_000_000n);
    const at = await anvil.head();
    await anvil.send({ to: address, value: parseEther('0.5') });
    await anvil.tokenTransfer(token, address, 500_000n);
    expect(await adapter.balanceOf(address, 'ETH', at)).toBe('1.5');
    expect(await adapter.balanceOf(address, 'USDT', at)).toBe('7');
    expect(await adapter.balanceOf(address, 'ETH')).toBe('2');
    expect(await adapter.balanceOf(address, 'USDT')).toBe('7.5');
    await expect(adapter.balanceOf(address, 'BNB')).rejects.toThrow(/no coin BNB/);
  });
});

describe('sending', () => {
  const intent = (to: string, amount: string, coinName = 'ETH'): TransferIntent => ({
    coinName,
    from: HOT_WALLET,
    toAddress: to,
    amount,
  });

  it('signs without the network, lands a native and a token send, and a second broadcast is not an error', async () => {
    const adapter = adapterOn(anvil);
    const { sender } = adapter;
    const to = orderAddress(40);
    const nonce = await sender.chainNonce(hot);
    const fee = await sender.quoteFee(intent(to, '0.125'));
    expect(fee).toMatchObject({ gas: '21000' });
    expect(BigInt(fee.maxFeePerGas ?? '0')).toBeGreaterThan(0n);
    expect(sender.maxNetworkFee(fee)).toBe(
      // gas × max fee, in ETH
      formatEth(21000n * BigInt(fee.maxFeePerGas ?? '0')),
    );
    // Signing is pure: it works against a node that is not there.
    const offline = adapterOn(anvil, { rpcUrl: 'http://127.0.0.1:9' }).sender;
    const signed = await offline.sign(intent(to, '0.125'), nonce, fee);
    expect(signed.raw).toMatch(/^0x02/);
    await sender.broadcast(signed.raw);
    await anvil.waitMined(signed.txHash);
    const state = await sender.txState(signed.txHash);
    const receipt = await anvil.rpc<{ gasUsed: Hex; effectiveGasPrice: Hex; blockHash: Hex }>(
      'eth_getTransactionReceipt',
      [signed.txHash],
    );
    expect(state).toEqual({
      state: 'mined',
      blockHeight: await anvil.head(),
      blockHash: receipt.blockHash,
      failed: false,
      networkFee: formatEth(hexToBigInt(receipt.gasUsed) * hexToBigInt(receipt.effectiveGasPrice)),
    });
    expect(await adapter.balanceOf(to, 'ETH')).toBe('0.125');
    // Broadcast again (a restart between broadcast and recording): mined already, no error, no second send.
    await sender.broadcast(signed.raw);
    expect(await sender.chainNonce(hot)).toBe(nonce + 1);

    const tokenFee = await sender.quoteFee(intent(to, '3.5', 'USDT'));
    const tokenTx = await sender.sign(intent(to, '3.5', 'USDT'), nonce + 1, tokenFee);
    await sender.broadcast(tokenTx.raw);
    await anvil.waitMined(tokenTx.txHash);
    expect(await sender.txState(tokenTx.txHash)).toMatchObject({ state: 'mined', failed: false });
    expect(await adapter.balanceOf(to, 'USDT')).toBe('3.5');
    expect(await sender.txState(`0x${'ab'.repeat(32)}`)).toEqual({ state: 'unknown' });
  });

  it('replaces a stuck send at the same nonce with a bumped fee: only one is mined', async () => {
    const adapter = adapterOn(anvil);
    const { sender } = adapter;
    const to = orderAddress(41);
    await anvil.setAutomine(false);
    try {
      const nonce = await sender.chainNonce(hot);
      const first = await sender.sign(intent(to, '1'), nonce, await sender.quoteFee(intent(to, '1')));
      await sender.broadcast(first.raw);
      expect(await sender.txState(first.txHash)).toEqual({ state: 'pending' });

      const bumped = await sender.quoteFee(intent(to, '1'), first.fee);
      for (const field of ['maxFeePerGas', 'maxPriorityFeePerGas']) {
        const before = BigInt(first.fee[field] ?? '0');
        expect(BigInt(bumped[field] ?? '0') * 10n).toBeGreaterThanOrEqual(before * 11n);
      }
      // The same fee again is refused by the node: the bump is what makes it a replacement.
      const same = await sender.sign(intent(to, '1'), nonce, { ...first.fee, gas: '21001' });
      await expect(sender.broadcast(same.raw)).rejects.toBeInstanceOf(EvmBroadcastError);

      const second = await sender.sign(intent(to, '1'), nonce, bumped);
      expect(second.txHash).not.toBe(first.txHash);
      await sender.broadcast(second.raw);
      await anvil.mine(1);
      expect(await sender.txState(second.txHash)).toMatchObject({ state: 'mined', failed: false });
      expect(await sender.txState(first.txHash)).toEqual({ state: 'unknown' });
      // The replaced one can never land now: its nonce is used.
      const refused = await sender.broadcast(first.raw).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(EvmBroadcastError);
      expect((refused as EvmBroadcastError).refusal).toBe('nonce_used');
      await anvil.mine(1);
      expect(await adapter.balanceOf(to, 'ETH')).toBe('1');
    } finally {
      await anvil.setAutomine(true);
    }
  });

  it('rebroadcasts a dropped send, which lands once', async () => {
    const adapter = adapterOn(anvil);
    const { sender } = adapter;
    const to = orderAddress(42);
    await anvil.setAutomine(false);
    try {
      const nonce = await sender.chainNonce(hot);
      const tx = await sender.sign(
        intent(to, '2', 'USDT'),
        nonce,
        await sender.quoteFee(intent(to, '2', 'USDT')),
      );
      await sender.broadcast(tx.raw);
      await anvil.dropTransaction(tx.txHash);
      expect(await sender.txState(tx.txHash)).toEqual({ state: 'unknown' });
      await sender.broadcast(tx.raw);
      await sender.broadcast(tx.raw); // already known: not an error
      expect(await sender.txState(tx.txHash)).toEqual({ state: 'pending' });
      await anvil.mine(1);
      expect(await sender.txState(tx.txHash)).toMatchObject({ state: 'mined', failed: false });
      await anvil.mine(1);
      expect(await adapter.balanceOf(to, 'USDT')).toBe('2');
    } finally {
      await anvil.setAutomine(true);
    }
  });

  it('offers a replacement at least the fee the node asks now, when the base fee rose', async () => {
    const adapter = adapterOn(anvil);
    const { sender } = adapter;
    const to = orderAddress(43);
    const first = await sender.quoteFee(intent(to, '0.01'));
    await anvil.setNextBaseFee(BigInt(first.maxFeePerGas ?? '0') * 4n);
    await anvil.mine(1);
    const bumped = await sender.quoteFee(intent(to, '0.01'), first);
    const latest = await anvil.rpc<{ baseFeePerGas: Hex }>('eth_getBlockByNumber', ['latest', false]);
    expect(BigInt(bumped.maxFeePerGas ?? '0')).toBeGreaterThanOrEqual(2n * hexToBigInt(latest.baseFeePerGas));
    const tx = await sender.sign(intent(to, '0.01'), await sender.chainNonce(hot), bumped);
    await sender.broadcast(tx.raw);
    await anvil.waitMined(tx.txHash);
    expect(await sender.txState(tx.txHash)).toMatchObject({ state: 'mined', failed: false });
  });

  it('takes the gas price above the base fee as the tip from a node without eth_maxPriorityFeePerGas', async () => {
    const proxy = await refusingProxy(anvil.url, 1_000_000, ['eth_maxPriorityFeePerGas']);
    try {
      const { sender } = adapterOn(anvil, { rpcUrl: proxy.url });
      const fee = await sender.quoteFee(intent(orderAddress(45), '0.01'));
      const gasPrice = hexToBigInt(await anvil.rpc<Hex>('eth_gasPrice'));
      const latest = await anvil.rpc<{ baseFeePerGas: Hex }>('eth_getBlockByNumber', ['latest', false]);
      const baseFee = hexToBigInt(latest.baseFeePerGas);
      expect(proxy.refused).toBe(1);
      expect(gasPrice).toBeGreaterThan(baseFee);
      expect(fee.maxPriorityFeePerGas).toBe(String(gasPrice - baseFee));
      expect(fee.maxFeePerGas).toBe(String(2n * baseFee + gasPrice - baseFee));
    } finally {
      await proxy.close();
    }
  });

  it('uses a legacy gas price on a chain without a base fee', async () => {
    const legacy = await startAnvil({ chainId: 31338, args: ['--hardfork', 'berlin'] });
    try {
      await legacy.setBalance(hot, parseEther('1'));
      const adapter = createEvmAdapter({
        chainId: 'BSC',
        rpcUrl: legacy.url,
        expectedChainId: 31338,
        coins: [{ coinName: 'BNB', decimals: 18, contract: null }],
        confirmations: 3,
        wallet,
        signer,
      });
      const to = orderAddress(44);
      const fee = await adapter.sender.quoteFee(intent(to, '0.2', 'BNB'));
      expect(Object.keys(fee).sort()).toEqual(['gas', 'gasPrice']);
      const replacement = await adapter.sender.quoteFee(intent(to, '0.2', 'BNB'), fee);
      expect(BigInt(replacement.gasPrice ?? '0') * 10n).toBeGreaterThanOrEqual(
        BigInt(fee.gasPrice ?? '0') * 11n,
      );
      const tx = await adapter.sender.sign(intent(to, '0.2', 'BNB'), 0, fee);
      await adapter.sender.broadcast(tx.raw);
      await legacy.waitMined(tx.txHash);
      expect(await adapter.sender.txState(tx.txHash)).toMatchObject({ state: 'mined', failed: false });
      expect(await adapter.balanceOf(to, 'BNB')).toBe('0.2');
    } finally {
      await legacy.stop();
    }
  });
});

describe('a WebSocket node URL', () => {
  it('reads and scans as over http, and closes its connection', async () => {
    const adapter = adapterOn(anvil, { rpcUrl: anvil.url.replace(/^http/, 'ws') });
    const address = orderAddress(50);
    const paid = await anvil.send({ to: address, value: parseEther('0.3') });
    const head = await adapter.headHeight();
    expect(head).toBe(await anvil.head());
    expect((await adapter.scan(head, head, new Set([address]))).transfers.map((t) => t.txHash)).toEqual([
      paid,
    ]);
    await adapter.close();
  });
});

describe('the node’s chain id', () => {
  it('refuses a node of another chain, on every call', async () => {
    const adapter = adapterOn(anvil, { expectedChainId: undefined }); // ETH: 1
    const error = await adapter.checkNode().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ChainIdMismatchError);
    expect((error as Error).message).toBe(
      'The node at RPC_URL_ETH reports chain id 31337 (a local anvil or Hardhat node), but ETH expects 1 (Ethereum): check RPC_URL_ETH, or set CHAIN_ID_ETH=31337 if it is a test network.',
    );
    await expect(adapter.headHeight()).rejects.toBeInstanceOf(ChainIdMismatchError);
    await expect(adapter.sender.chainNonce(hot)).rejects.toBeInstanceOf(ChainIdMismatchError);
    expect(await adapterOn(anvil).checkNode()).toBe(31337);
  });
});

function formatEth(wei: bigint): string {
  const whole = wei / 10n ** 18n;
  const fraction = (wei % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/**
 * A provider in front of the node that refuses eth_getLogs wider than `maxRange` blocks, as hosted
 * ones do; with `refuseBatches`, it answers a JSON-RPC batch with one error, as a provider without
 * batches does. `batches` counts the batches it forwarded.
 */
async function refusingProxy(
  target: string,
  maxRange: number,
  refusedMethods: readonly string[] = [],
  options: { refuseBatches?: boolean } = {},
) {
  const servedRanges: number[] = [];
  let refused = 0;
  let batches = 0;
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString()) as {
      id: number;
      method: string;
      params: { fromBlock: Hex; toBlock: Hex }[];
    };
    if (Array.isArray(body)) {
      if (options.refuseBatches) {
        refused++;
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: null,
            error: { code: -32600, message: 'batch requests are not supported' },
          }),
        );
        return;
      }
      batches++;
    }
    if (refusedMethods.includes(body.method)) {
      refused++;
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: body.id,
          error: { code: -32601, message: `the method ${body.method} does not exist/is not available` },
        }),
      );
      return;
    }
    if (body.method === 'eth_getLogs') {
      const [filter] = body.params;
      const range = Number(BigInt(filter?.toBlock ?? '0x0') - BigInt(filter?.fromBlock ?? '0x0')) + 1;
      if (range > maxRange) {
        refused++;
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: body.id,
            error: { code: -32005, message: `block range too large: at most ${maxRange} blocks` },
          }),
        );
        return;
      }
      servedRanges.push(range);
    }
    const forwarded = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    response.setHeader('content-type', 'application/json');
    response.end(await forwarded.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    servedRanges,
    get refused() {
      return refused;
    },
    get batches() {
      return batches;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
