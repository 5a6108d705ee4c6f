import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOT_WALLET, type KeyPath, type TransferIntent, type UtxoInput } from '../src/chains/chain-adapter';
import { DOGE_NETWORKS, dogeAddressOf } from '../src/chains/doge/doge-network';
import { int } from '../src/chains/doge/doge-rpc';
import { createDogeSender } from '../src/chains/doge/doge-sender';
import { createHdWallet } from '../src/chains/hd-wallet';
import { createLocalSigner } from '../src/chains/signer';
import { type Litecoind, startLitecoind } from './helpers/litecoind';

/**
 * The Doge sender against a real node (litecoind -regtest, issue 33): the node's wallet pays the
 * platform's regtest addresses, the sender selects, signs, broadcasts; the node mines. A payout
 * lands exactly with its change at the hot wallet, a stuck send is replaced over the same
 * inputs, and a consolidation gathers outputs at several keys.
 */
const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const network = DOGE_NETWORKS.regtest;
const wallet = createHdWallet(MNEMONIC);
const addressOf = (key: KeyPath) => dogeAddressOf(wallet.publicKey('doge', key.index, key.account), network);
const hot = addressOf(HOT_WALLET);

let node: Litecoind;
let sender: ReturnType<typeof createDogeSender>;
beforeAll(async () => {
  node = await startLitecoind();
  sender = createDogeSender({ rpc: node.rpc, network, wallet, signer: createLocalSigner(MNEMONIC) });
}, 120_000);
afterAll(async () => {
  await node?.stop();
});

interface NodeTx {
  blockhash?: string;
  vin: { txid: string; vout: unknown }[];
  vout: { n: unknown; value: string; scriptPubKey: { addresses?: string[]; address?: string } }[];
}
const nodeTx = (txid: string) => node.rpc.call<NodeTx>('getrawtransaction', [txid, true]);
const paysTo = (output: NodeTx['vout'][number]) =>
  output.scriptPubKey.address ?? output.scriptPubKey.addresses?.[0];

/** The node's wallet pays `amount` to the key's address: the output as the platform would hold it. */
async function fund(key: KeyPath, amount: string): Promise<UtxoInput> {
  const address = addressOf(key);
  const txid = await node.send(address, amount);
  const output = (await nodeTx(txid)).vout.find((o) => paysTo(o) === address);
  if (!output) throw new Error('the funding transaction does not pay the address');
  return { txid, vout: int(output.n), amount: output.value, address, key };
}

const payout = (toAddress: string, amount: string): TransferIntent => ({
  coinName: 'DOGE',
  from: HOT_WALLET,
  toAddress,
  amount,
});

describe('Doge sender against litecoind -regtest', () => {
  it('pays a node address exactly, with the change to the hot wallet, pending then mined with its fee', async () => {
    const available = [await fund(HOT_WALLET, '10'), await fund(HOT_WALLET, '3')];
    await node.mine(1);
    const payee = await node.newAddress();
    const intent = payout(payee, '2.5');

    // The node's relay fee and (regtest) missing estimate are below Dogecoin's floor: the floor.
    const fee = await sender.quoteFee(intent);
    expect(fee).toEqual({ feePerKb: '0.01' });
    const selection = sender.selectInputs(intent, available, fee);
    // Biggest first (no single output is within the dust limit of 2.5 + the fee).
    expect(selection?.inputs).toEqual([available[0]]);
    expect(selection?.fee).toBe('0.00226');
    expect(selection?.change).toBe('7.49774');

    const signed = await sender.sign(intent, selection?.inputs ?? [], fee);
    await sender.broadcast(signed.raw);
    expect(await sender.txState(signed.txHash)).toEqual({ state: 'pending' });
    await sender.broadcast(signed.raw); // the node has it: not an error

    const [blockHash] = await node.mine(1);
    expect(await sender.txState(signed.txHash)).toEqual({
      state: 'mined',
      blockHeight: await node.head(),
      blockHash,
      failed: false,
      networkFee: '0.00226',
    });
    await sender.broadcast(signed.raw); // mined: not an error either
    expect(await node.receivedBy(payee)).toBe('2.50000000');

    // Its block leaves the chain: back in the mempool, pending; mined again in the longer chain.
    await node.invalidate(blockHash as string);
    expect(await sender.txState(signed.txHash)).toEqual({ state: 'pending' });
    await node.reconsider(blockHash as string);
    expect(await sender.txState(signed.txHash)).toMatchObject({ state: 'mined', blockHash });

    const mined = await nodeTx(signed.txHash);
    expect(mined.vin.map((i) => `${i.txid}:${i.vout}`)).toEqual([
      `${available[0]?.txid}:${available[0]?.vout}`,
    ]);
    expect(mined.vout.map((o) => [paysTo(o), o.value])).toEqual([
      [payee, '2.50000000'],
      [hot, '7.49774000'],
    ]);
  });

  it('replaces a stuck send over the same inputs at the higher fee; the first is then unknown', async () => {
    const input = await fund(HOT_WALLET, '7');
    await node.mine(1);
    const payee = await node.newAddress();
    const intent = payout(payee, '1');
    const fee = await sender.quoteFee(intent);
    const first = await sender.sign(intent, [input], fee);
    await sender.broadcast(first.raw);
    // Blocks pass without it: stuck in the mempool.
    await node.mineEmpty(3);
    expect(await sender.txState(first.txHash)).toEqual({ state: 'pending' });

    const bumped = await sender.quoteFee(intent, first.fee);
    // 0.01 × 1.25, whole koinu per byte: BIP 125 needs more in total and by rate.
    expect(bumped).toEqual({ feePerKb: '0.0125' });
    const second = await sender.sign(intent, [input], bumped);
    expect(second.fee).toEqual({ feePerKb: '0.0125', fee: '0.002825' });
    await sender.broadcast(second.raw);
    expect(await node.mempool()).toEqual([second.txHash]);
    expect(await sender.txState(first.txHash)).toEqual({ state: 'unknown' });

    await node.mine(1);
    expect(await sender.txState(second.txHash)).toMatchObject({ state: 'mined', networkFee: '0.002825' });
    expect(await sender.txState(first.txHash)).toEqual({ state: 'unknown' });
    // Its input is spent by the replacement: the node refuses the first for good.
    await expect(sender.broadcast(first.raw)).rejects.toThrow();
    expect(await node.receivedBy(payee)).toBe('1.00000000');
  });

  it('refuses a replacement that does not pay the bump', async () => {
    const input = await fund(HOT_WALLET, '4');
    await node.mine(1);
    const intent = payout(await node.newAddress(), '1');
    const first = await sender.sign(intent, [input], { feePerKb: '0.02' });
    await sender.broadcast(first.raw);
    const lower = await sender.sign(intent, [input], { feePerKb: '0.01' });
    await expect(sender.broadcast(lower.raw)).rejects.toThrow(/insufficient fee|rejecting replacement/);
    expect(await node.mempool()).toContain(first.txHash);
    await node.mine(1);
  });

  it('consolidates outputs at several keys into one output at the hot wallet', async () => {
    const keys: KeyPath[] = [
      { account: 0, index: 1 },
      { account: 0, index: 2 },
      { account: 1, index: 5 },
    ];
    const available = [
      await fund(keys[0] as KeyPath, '60'),
      await fund(keys[1] as KeyPath, '25.5'),
      await fund(keys[2] as KeyPath, '14.5'),
      await fund(keys[0] as KeyPath, '0.25'),
    ];
    await node.mine(1);
    const intent: TransferIntent = { ...payout(hot, '100.25'), consolidate: true };
    const fee = await sender.quoteFee(intent);
    const selection = sender.selectInputs(intent, available, fee);
    // 10 + 4 × 148 + 34 = 636 bytes.
    expect(selection).toEqual({ inputs: available, fee: '0.00636', change: '0' });

    const signed = await sender.sign(intent, available, fee);
    await sender.broadcast(signed.raw);
    await node.mine(1);
    expect(await sender.txState(signed.txHash)).toMatchObject({ state: 'mined', networkFee: '0.00636' });
    const mined = await nodeTx(signed.txHash);
    expect(mined.vin).toHaveLength(4);
    expect(mined.vout.map((o) => [paysTo(o), o.value])).toEqual([[hot, '100.24364000']]);
  });
});
