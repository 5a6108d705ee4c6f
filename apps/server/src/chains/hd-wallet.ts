import { mnemonicToSeedSync } from '@scure/bip39';
import { BIP32Factory, type BIP32Interface } from 'bip32';
import * as ecc from 'tiny-secp256k1';
import { addressFromPublicKey, COIN_TYPE } from './addresses';
import type { AddressFamily } from './chain-adapter';
import { isValidMnemonic, normalizeMnemonic } from './mnemonic';

/**
 * The HD wallet: one BIP-39 mnemonic, BIP-32 keys on BIP-44 paths
 * m/44'/coin'/account'/0/index (coin 60 EVM, 195 Tron, 3 Dogecoin). Account 0 holds the order
 * addresses, account 1 the merchants' deposit addresses (a later issue). No passphrase: the
 * mnemonic alone restores every address in any BIP-44 wallet.
 *
 * The keys come from bitcoinjs's `bip32` over `tiny-secp256k1` (libsecp256k1 compiled to
 * WebAssembly): an order's address is about 0.2 ms there, against 0.55 ms through
 * `@scure/bip32`, whose child key computes its public key and its hash160 in JavaScript at once.
 * The tests compare it with `@scure/bip32` and with the addresses wallets publish.
 */
export interface HdWallet {
  deriveAddress(family: AddressFamily, index: number, account?: number): string;
}

const bip32 = BIP32Factory(ecc);

/** BIP-32 child indexes stop at 2^31 − 1 (above are the hardened ones). */
const MAX_INDEX = 0x7fffffff;

export function createHdWallet(mnemonic: string): HdWallet {
  if (!isValidMnemonic(mnemonic)) throw new Error('not a valid BIP-39 mnemonic');
  const words = normalizeMnemonic(mnemonic);
  const master = bip32.fromSeed(mnemonicToSeedSync(words));
  // The external chain node (…/account'/0) of each family and account, derived once.
  const externalChains = new Map<string, BIP32Interface>();
  const externalChain = (family: AddressFamily, account: number) => {
    const key = `${family}/${account}`;
    let node = externalChains.get(key);
    if (!node) {
      node = master.derivePath(`m/44'/${COIN_TYPE[family]}'/${account}'/0`);
      externalChains.set(key, node);
    }
    return node;
  };
  return {
    deriveAddress(family, index, account = 0) {
      checkIndex(index, 'index');
      checkIndex(account, 'account');
      return addressFromPublicKey(family, externalChain(family, account).derive(index).publicKey);
    },
  };
}

function checkIndex(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > MAX_INDEX) {
    throw new RangeError(`${name} must be a whole number from 0 to ${MAX_INDEX}`);
  }
}
