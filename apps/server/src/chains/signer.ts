import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
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
}

export function createLocalSigner(mnemonic: string): Signer {
  const master = HDKey.fromMasterSeed(mnemonicToSeedSync(normalizeMnemonic(mnemonic)));
  const privateKeyOf = (family: AddressFamily, path: KeyPath): Hex => {
    const key = master.derive(`m/44'/${COIN_TYPE[family]}'/${path.account}'/0/${path.index}`).privateKey;
    if (!key) throw new Error('BIP-32 key without a private key');
    return bytesToHex(key);
  };
  return {
    signEvmTransaction(path, tx) {
      return privateKeyToAccount(privateKeyOf('evm', path)).signTransaction(tx);
    },
  };
}
