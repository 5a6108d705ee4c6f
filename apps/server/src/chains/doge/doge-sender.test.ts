import { secp256k1 } from '@noble/curves/secp256k1';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils';
import { Address, OutScript, Transaction, WIF } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { HOT_WALLET, type KeyPath, type TransferIntent, type UtxoInput } from '../chain-adapter';
import { createHdWallet } from '../hd-wallet';
import { createLocalSigner } from '../signer';
import { DOGE_NETWORKS, dogeAddressOf, isValidDogeAddressOn } from './doge-network';
import type { DogeRpc } from './doge-rpc';
import { createDogeSender, txidOf } from './doge-sender';

/**
 * The Doge sender without a node: Dogecoin's own key and address vectors through doge-network.ts
 * and btc-signer, and signed transactions decoded back (issue 33, scenario 8). Selection and
 * signing are pure, so no RPC is reached here (the one given fails any call).
 */

// dogecoin/dogecoin src/test/data/base58_keys_valid.json (mainnet entries, isTestnet false).
// The file writes each compressed key's hex with a 65th digit (its "compressed" marker as a
// nibble): the 32-byte key is the first 64 digits.
const MAINNET_ADDRESSES = [
  {
    address: 'DD4KSSuBJqcjuTcvUg1CgUKeurPUFeEZkE',
    hash: '56d9b1d684d5abef32134ebc6883d75d3a53e9be',
    type: 'pkh',
  },
  {
    address: 'DBjW6kna7rUPE4Mj9j4B3oK3xVA1SDHrdt',
    hash: '485290865b407657e0aedbdbb4aa6618310af50d',
    type: 'pkh',
  },
  {
    address: 'D77Z1nmgSZxJTmtN65n2MVF9yvLSB4MpiC',
    hash: '15a585042e96300b5ad4f9d7c7c6cba2d56a0989',
    type: 'pkh',
  },
  {
    address: 'DExWunrSkF2P9NAzW4JpEeC38uC3z36cCk',
    hash: '6bb106bf7cc3f80e5cfeb3eacdd8f7dd9201fa09',
    type: 'pkh',
  },
  {
    address: 'A7HRQk3GFCW2QasvdZxXuYj8kkQK5QrYLs',
    hash: 'a2dd71f34fe73314d6e37c44035513f203aa400b',
    type: 'sh',
  },
  {
    address: '9zYnVRaekPtdKBYuPw5QiBtv3NNrzD2LLW',
    hash: '58fc66bf64b3c8d8accd80110bb6df6c13735937',
    type: 'sh',
  },
] as const;
const MAINNET_WIFS = [
  {
    wif: 'QP5rQxpaP8HHPEdCEqxTjiHGWRvsyPvzZJeJ9BCxpfT13FN9VesQ',
    key: '0e017cc6ad98c6646a1139114e8dcd9bf2537f3e0306a2f43dea03f91fea370a0',
  },
  {
    wif: 'QVi86rdL3APa6TXXwPdRnKfqVfzGv6a993E5LeiHXaGGjE7cpah1',
    key: 'd3b068bb594f19c1c70931d8aa19ab774147f946021737c988cafb51980f53fa0',
  },
  {
    wif: 'QPyvGzBensKS63stwvzsxrqQafwdFtYYqqmDhuxySpY1jkEKZ6kr',
    key: '28ca745f92b0b9b2ca2b4ebe566b665b3fca522855482c840f457b2a6cef55350',
  },
];
// dogecoin/dogecoin src/test/key_tests.cpp: strSecret1C, strSecret2C and their addresses addr1C, addr2C.
const KEY_TESTS = [
  {
    wif: 'QP8WvtVMV2iU6y7LE27ksRspp4MAJizPWYovx88W71g1nfSdAhkV',
    address: 'D8jZ6R8uuyQwiybupiVs3eDCedKdZ5bYV3',
  },
  {
    wif: 'QTuro8Pwx5yaonvJmU4jbBfwuEmTViyAGNeNyfnG82o7HWJmnrLj',
    address: 'DP7rGcDbpAvMb1dKup981zNt1heWUuVLP7',
  },
];

const mainnet = DOGE_NETWORKS.mainnet;

describe("Dogecoin's own vectors through doge-network.ts", () => {
  it('decodes and encodes mainnet addresses to their hashes, and only on mainnet', () => {
    for (const vector of MAINNET_ADDRESSES) {
      const decoded = Address(mainnet.params).decode(vector.address);
      expect(decoded.type).toBe(vector.type);
      expect(bytesToHex((decoded as { hash: Uint8Array }).hash)).toBe(vector.hash);
      const again = Address(mainnet.params).encode({ type: vector.type, hash: hexToBytes(vector.hash) });
      expect(again).toBe(vector.address);
      expect(isValidDogeAddressOn(vector.address, mainnet)).toBe(true);
      expect(isValidDogeAddressOn(vector.address, DOGE_NETWORKS.testnet)).toBe(false);
      expect(isValidDogeAddressOn(vector.address, DOGE_NETWORKS.regtest)).toBe(false);
    }
    // key_tests.cpp's strAddressBad: a checksum that fails.
    expect(isValidDogeAddressOn('DRjyUS2uuieEPkhZNdQz8hE5YycxVEqSXA', mainnet)).toBe(false);
  });

  it('decodes and encodes mainnet WIF (prefix 158) to the private key', () => {
    for (const vector of MAINNET_WIFS) {
      const key = WIF(mainnet.params).decode(vector.wif);
      expect(bytesToHex(key)).toBe(vector.key.slice(0, 64));
      expect(WIF(mainnet.params).encode(key)).toBe(vector.wif);
      expect(() => WIF(DOGE_NETWORKS.testnet.params).decode(vector.wif)).toThrow();
    }
  });

  it("gives the address of a private key's public key (dogeAddressOf)", () => {
    for (const vector of KEY_TESTS) {
      const key = WIF(mainnet.params).decode(vector.wif);
      expect(dogeAddressOf(secp256k1.getPublicKey(key, true), mainnet)).toBe(vector.address);
    }
  });
});

const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const wallet = createHdWallet(MNEMONIC);
const noNode: DogeRpc = {
  call: () => Promise.reject(new Error('no node in this test')),
  batch: () => Promise.reject(new Error('no node in this test')),
};
const sender = createDogeSender({
  rpc: noNode,
  network: mainnet,
  wallet,
  signer: createLocalSigner(MNEMONIC),
});
const addressAt = (account: number, index: number) =>
  dogeAddressOf(wallet.publicKey('doge', index, account), mainnet);
const hot = addressAt(HOT_WALLET.account, HOT_WALLET.index);
const payee = KEY_TESTS[0]?.address as string;

let next = 0;
const utxo = (amount: string, key: KeyPath = HOT_WALLET): UtxoInput => {
  next += 1;
  return {
    txid: bytesToHex(secp256k1.utils.randomPrivateKey()),
    vout: next % 3,
    amount,
    address: addressAt(key.account, key.index),
    key,
  };
};
const pay = (amount: string, extra: Partial<TransferIntent> = {}): TransferIntent => ({
  coinName: 'DOGE',
  from: HOT_WALLET,
  toAddress: payee,
  amount,
  ...extra,
});
const FEE = { feePerKb: '0.01' };

describe('selectInputs and sign (scenario 8: the signed transaction is exactly the intended one)', () => {
  it('spends exactly the selected inputs into the payee and the change, for the fee at the rate', async () => {
    const available = [utxo('5'), utxo('120'), utxo('30.5')];
    const intent = pay('100');
    const selection = sender.selectInputs(intent, available, FEE);
    expect(selection?.inputs).toEqual([available[1]]);
    // One P2PKH input, two P2PKH outputs: 10 + 148 + 2 × 34 = 226 bytes at 0.01 DOGE/kB.
    expect(selection?.fee).toBe('0.00226');
    expect(selection?.change).toBe('19.99774');

    const signed = await sender.sign(intent, selection?.inputs ?? [], FEE);
    expect(signed.fee).toEqual({ feePerKb: '0.01', fee: '0.00226' });
    const tx = Transaction.fromRaw(hexToBytes(signed.raw), { allowUnknownOutputs: true });
    expect(tx.id).toBe(signed.txHash);
    expect(txidOf(signed.raw)).toBe(signed.txHash);
    expect(tx.version).toBe(1);
    expect(tx.inputsLength).toBe(1);
    const input = tx.getInput(0);
    expect(bytesToHex(input.txid as Uint8Array)).toBe(available[1]?.txid);
    expect(input.index).toBe(available[1]?.vout);
    expect(input.sequence).toBe(0xfffffffd);
    const outputs = Array.from({ length: tx.outputsLength }, (_, i) => tx.getOutput(i));
    expect(
      outputs.map((o) => ({
        address: Address(mainnet.params).encode(OutScript.decode(o.script as Uint8Array)),
        amount: o.amount,
      })),
    ).toEqual([
      { address: payee, amount: 10_000_000_000n },
      { address: hot, amount: 1_999_774_000n },
    ]);
    // No wider than the size the fee was counted on.
    expect(signed.raw.length / 2).toBeLessThanOrEqual(226);
  });

  it('leaves change below the dust limit to the fee', () => {
    const available = [utxo('100.00726')];
    const selection = sender.selectInputs(pay('100'), available, FEE);
    // 0.00726 − 0.00226 would leave 0.005 of change (below 0.01): no change output, all of it the fee.
    expect(selection).toEqual({ inputs: available, fee: '0.00726', change: '0' });
  });

  it('answers undefined when the outputs cannot cover the amount and its fee', () => {
    expect(sender.selectInputs(pay('100'), [utxo('60'), utxo('40')], FEE)).toBeUndefined();
    expect(sender.selectInputs(pay('100'), [], FEE)).toBeUndefined();
    const both = sender.selectInputs(pay('100'), [utxo('60'), utxo('40.1')], FEE);
    expect(both?.inputs).toHaveLength(2);
  });

  it('charges the dust surcharge of an output below 0.01 DOGE, and refuses one below 0.001', async () => {
    const available = [utxo('1')];
    const selection = sender.selectInputs(pay('0.005'), available, FEE);
    expect(selection).toEqual({ inputs: available, fee: '0.01226', change: '0.98274' });
    expect(() => sender.selectInputs(pay('0.0009'), available, FEE)).toThrow(/dust/);
  });

  it('consolidates every input at several keys into one output of the total less the fee', async () => {
    const available = [utxo('10', { account: 0, index: 3 }), utxo('20', { account: 0, index: 7 }), utxo('5')];
    const intent = pay('35', { toAddress: hot, consolidate: true });
    const selection = sender.selectInputs(intent, available, FEE);
    // 10 + 3 × 148 + 34 = 488 bytes.
    expect(selection).toEqual({ inputs: available, fee: '0.00488', change: '0' });
    const signed = await sender.sign(intent, available, FEE);
    const tx = Transaction.fromRaw(hexToBytes(signed.raw));
    expect(tx.inputsLength).toBe(3);
    expect(tx.outputsLength).toBe(1);
    expect(tx.getOutput(0).amount).toBe(3_499_512_000n);
  });

  it('signs a replacement over the same inputs at the higher rate: less change, a new hash', async () => {
    const inputs = [utxo('50')];
    const first = await sender.sign(pay('10'), inputs, FEE);
    const second = await sender.sign(pay('10'), inputs, { feePerKb: '0.0125' });
    expect(second.txHash).not.toBe(first.txHash);
    expect(second.fee).toEqual({ feePerKb: '0.0125', fee: '0.002825' });
    const tx = Transaction.fromRaw(hexToBytes(second.raw));
    expect(bytesToHex(tx.getInput(0).txid as Uint8Array)).toBe(inputs[0]?.txid);
    expect(tx.getOutput(1).amount).toBe(3_999_717_500n);
  });

  it('refuses an input whose address is not its key’s', async () => {
    const wrong = { ...utxo('50'), address: addressAt(0, 1) };
    await expect(sender.sign(pay('10'), [wrong], FEE)).rejects.toThrow(/not its key/);
  });
});
