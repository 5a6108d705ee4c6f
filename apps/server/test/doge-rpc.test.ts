import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDogeRpc, DogeRpcError, int, RPC_NOT_FOUND } from '../src/chains/doge/doge-rpc';
import { type Litecoind, startLitecoind } from './helpers/litecoind';

/**
 * The Doge RPC client against a real node (litecoind -regtest): basic auth from the URL, amounts
 * kept as the node's own text, errors with the node's codes, batches in order.
 */
let node: Litecoind;
beforeAll(async () => {
  node = await startLitecoind();
}, 120_000);
afterAll(async () => {
  await node?.stop();
});

describe('Doge RPC client', () => {
  it('keeps every amount as the node wrote it, never a float', async () => {
    const address = await node.newAddress();
    // 0.1 + 0.2 as floats would not be 0.3; the node's answer is read as its text.
    const txid = await node.send(address, '0.30000001');
    await node.mine(1);
    const tx = await node.rpc.call<{
      vout: { value: string; scriptPubKey: { addresses?: string[]; address?: string } }[];
    }>('getrawtransaction', [txid, true]);
    const paid = tx.vout.find((out) =>
      (out.scriptPubKey.addresses ?? [out.scriptPubKey.address]).includes(address),
    );
    expect(paid?.value).toBe('0.30000001');
    expect(await node.receivedBy(address)).toBe('0.30000001');
  });

  it('answers batches in order, and counts as whole numbers', async () => {
    const head = int(await node.rpc.call('getblockcount'));
    const hashes = await node.rpc.batch<string>('getblockhash', [[head], [0], [1]]);
    expect(hashes).toEqual([await node.blockHash(head), await node.blockHash(0), await node.blockHash(1)]);
  });

  it("says the node's error code, and refuses wrong credentials", async () => {
    const error = await node.rpc.call('getrawtransaction', ['00'.repeat(32), true]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DogeRpcError);
    expect((error as DogeRpcError).code).toBe(RPC_NOT_FOUND);
    const wrong = createDogeRpc(node.url.replace('regtest@', 'wrong@'));
    await expect(wrong.call('getblockcount')).rejects.toThrow(/HTTP 401/);
    const down = createDogeRpc('http://u:p@127.0.0.1:1', { timeoutMs: 2_000 });
    await expect(down.call('getblockcount')).rejects.toThrow(/not reached/);
  });

  it('parses an answer without amounts with JSON.parse when asked (plain), the same values', async () => {
    const head = await node.head();
    const hash = await node.blockHash(head);
    expect(await node.rpc.call('getblockcount')).toBe(String(head)); // lossless: the text
    expect(await node.rpc.call('getblockcount', [], { plain: true })).toBe(head);
    const [lossless] = await node.rpc.batch<{ tx: string[]; height: unknown }>('getblock', [[hash, true]]);
    const [plain] = await node.rpc.batch<{ tx: string[]; height: unknown }>('getblock', [[hash, true]], {
      plain: true,
    });
    expect(plain?.tx).toEqual(lossless?.tx);
    expect(plain?.height).toBe(head);
    expect(lossless?.height).toBe(String(head));
  });
});
