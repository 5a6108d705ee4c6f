import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { addressFromPublicKey, COIN_TYPE } from './addresses';
import type { AddressFamily } from './chain-adapter';
import { isValidMnemonic, normalizeMnemonic } from './mnemonic';

/**
 * The HD wallet: one BIP-39 mnemonic, BIP-32 keys on BIP-44 paths
 * m/44'/coin'/account'/0/index (coin 60 EVM, 195 Tron, 3 Dogecoin). Account 0 holds the order
 * addresses, account 1 the merchants' deposit addresses (a later issue). No passphrase: the
 * mnemonic alone restores every address in any BIP-44 wallet.
 *
 * The keys come from `@scure/bip32` over `@noble/curves`, the project's one secp256k1 stack.
 * The tests compare the addresses with those wallets publish for the BIP-39 test mnemonic.
 */
export interface HdWallet {
  deriveAddress(family: AddressFamily, index: number, account?: number): string;
  /** The compressed SEC1 public key at the path (a live Doge network encodes its own addresses). */
  publicKey(family: AddressFamily, index: number, account?: number): Uint8Array;
}

/** BIP-32 child indexes stop at 2^31 − 1 (above are the hardened ones). */
const MAX_INDEX = 0x7fffffff;

export function createHdWallet(mnemonic: string): HdWallet {
  if (!isValidMnemonic(mnemonic)) throw new Error('not a valid BIP-39 mnemonic');
  const words = normalizeMnemonic(mnemonic);
  const master = HDKey.fromMasterSeed(mnemonicToSeedSync(words));
  // The external chain node (…/account'/0) of each family and account, derived once.
  const externalChains = new Map<string, HDKey>();
  const externalChain = (family: AddressFamily, account: number) => {
    const key = `${family}/${account}`;
    let node = externalChains.get(key);
    if (!node) {
      node = master.derive(`m/44'/${COIN_TYPE[family]}'/${account}'/0`);
      externalChains.set(key, node);
    }
    return node;
  };
  const publicKey = (family: AddressFamily, index: number, account = 0) => {
    checkIndex(index, 'index');
    checkIndex(account, 'account');
    const key = externalChain(family, account).deriveChild(index).publicKey;
    if (!key) throw new Error('BIP-32 child without a public key');
    return key;
  };
  return {
    publicKey,
    deriveAddress: (family, index, account = 0) =>
      addressFromPublicKey(family, publicKey(family, index, account)),
  };
}

function checkIndex(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > MAX_INDEX) {
    throw new RangeError(`${name} must be a whole number from 0 to ${MAX_INDEX}`);
  }
}
