import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import type { Transaction } from '@scure/btc-signer';
import { bytesToHex, type Hex, type TransactionSerializable } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { COIN_TYPE } from './addresses';
import type { AddressFamily, KeyPath } from './chain-adapter';
import { normalizeMnemonic } from './mnemonic';

/**
 * Signing, behind its own small interface so a deployment can move it to a separate signer
 * (a process or a device holding the mnemonic) without touching the adapters. The local signer
 * keeps the mnemonic in this process and derives a key only to sign; a private key is never
 * logged, returned or stored.
 */
export interface Signer {
  /** An EVM transaction signed by the key at `path` (m/44'/60'/account'/0/index), serialized. */
  signEvmTransaction(path: KeyPath, tx: TransactionSerializable): Promise<Hex>;
  /**
   * A UTXO (Dogecoin) transaction with input i signed by the key at `keys[i]`
   * (m/44'/3'/account'/0/index: coin type 3 on every Doge network) and finalized; `tx` itself is
   * left unsigned. Its legacy P2PKH inputs carry their script and amount (btc-signer's
   * `allowLegacyWitnessUtxo`), so signing needs no previous transaction and no network.
   */
  signUtxoTransaction(tx: Transaction, keys: readonly KeyPath[]): Promise<Transaction>;
}

export function createLocalSigner(mnemonic: string): Signer {
  const master = HDKey.fromMasterSeed(mnemonicToSeedSync(normalizeMnemonic(mnemonic)));
  const keyBytesOf = (family: AddressFamily, path: KeyPath): Uint8Array => {
    const key = master.derive(`m/44'/${COIN_TYPE[family]}'/${path.account}'/0/${path.index}`).privateKey;
    if (!key) throw new Error('BIP-32 key without a private key');
    return key;
  };
  return {
    signEvmTransaction(path, tx) {
      return privateKeyToAccount(bytesToHex(keyBytesOf('evm', path))).signTransaction(tx);
    },
    async signUtxoTransaction(tx, keys) {
      if (keys.length !== tx.inputsLength) {
        throw new Error(`${tx.inputsLength} inputs to sign with ${keys.length} keys`);
      }
      const signed = tx.clone();
      for (const [i, path] of keys.entries()) {
        const key = keyBytesOf('doge', path);
        try {
          // signIdx refuses a key whose public key the input's script does not pay.
          signed.signIdx(key, i);
        } finally {
          key.fill(0);
        }
      }
      signed.finalize();
      return signed;
    },
  };
}
