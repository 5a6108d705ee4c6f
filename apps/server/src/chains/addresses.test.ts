import { secp256k1 } from '@noble/curves/secp256k1';
import { ripemd160 } from '@noble/hashes/legacy';
import { sha256 } from '@noble/hashes/sha2';
import { keccak_256 } from '@noble/hashes/sha3';
import { bech32, createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { describe, expect, it } from 'vitest';
import { isValidAddress, normalizeAddress } from './addresses';
import { createHdWallet } from './hd-wallet';
import { createMnemonic, isValidMnemonic } from './mnemonic';

/**
 * The BIP-39 test mnemonic and the first BIP-44 addresses that wallets publish for it, each
 * from a source outside this project:
 * - EVM m/44'/60'/0'/0/{0,1,2}: what MetaMask and Ian Coleman's BIP-39 tool (iancoleman.io/bip39)
 *   show for this mnemonic; indexes 0 and 1 are also in BlueWallet's tests
 *   (tests/integration/evm-wallet: EvmWallet.xpubToAddress(xpub, 0|1)).
 * - Tron m/44'/195'/0'/0/0: the address the Ledger Tron app's test script checks for this mnemonic
 *   (LedgerHQ/app-tron, "Address match with test case!"), also Ian Coleman's tool; index 1 from
 *   the same tool.
 * - Dogecoin m/44'/3'/0'/0/0: Ledger Live's first Dogecoin receive address for this mnemonic, also
 *   Ian Coleman's tool.
 */
const TEST_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const EVM = [
  '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
  '0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0',
  '0xb6716976A3ebe8D39aCEB04372f22Ff8e6802D7A',
];
const TRON = ['TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH', 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK'];
const DOGE_0 = 'DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC';

const base58check = createBase58check(sha256);
const wallet = createHdWallet(TEST_MNEMONIC);

describe('derivation from the BIP-39 test mnemonic', () => {
  it('gives the published EVM addresses, EIP-55 checksummed', () => {
    expect([0, 1, 2].map((i) => wallet.deriveAddress('evm', i))).toEqual(EVM);
  });

  it('gives the published Tron addresses', () => {
    expect([0, 1].map((i) => wallet.deriveAddress('tron', i))).toEqual(TRON);
  });

  it('gives the published Dogecoin P2PKH address', () => {
    expect(wallet.deriveAddress('doge', 0)).toBe(DOGE_0);
  });

  it('matches an encoding computed here from raw hashes (a second path through other code)', () => {
    const root = HDKey.fromMasterSeed(mnemonicToSeedSync(TEST_MNEMONIC));
    for (const [account, index] of [
      [0, 5],
      [1, 0],
      [3, 77],
    ] as const) {
      // Dogecoin: base58check(0x1e | ripemd160(sha256(compressed key))).
      const dogeKey = root.derive(`m/44'/3'/${account}'/0/${index}`).publicKey as Uint8Array;
      const doge = base58check.encode(Uint8Array.of(0x1e, ...ripemd160(sha256(dogeKey))));
      expect(wallet.deriveAddress('doge', index, account)).toBe(doge);
      // Tron: base58check(0x41 | last 20 bytes of keccak256(uncompressed key without 0x04)).
      const tronKey = root.derive(`m/44'/195'/${account}'/0/${index}`).publicKey as Uint8Array;
      const uncompressed = secp256k1.ProjectivePoint.fromHex(tronKey).toRawBytes(false).subarray(1);
      const tron = base58check.encode(Uint8Array.of(0x41, ...keccak_256(uncompressed).subarray(12)));
      expect(wallet.deriveAddress('tron', index, account)).toBe(tron);
      // EVM: the same 20 bytes from coin type 60, compared case-insensitively.
      const evmKey = root.derive(`m/44'/60'/${account}'/0/${index}`).publicKey as Uint8Array;
      const evmBody = keccak_256(secp256k1.ProjectivePoint.fromHex(evmKey).toRawBytes(false).subarray(1));
      expect(wallet.deriveAddress('evm', index, account).toLowerCase()).toBe(
        `0x${Buffer.from(evmBody.subarray(12)).toString('hex')}`,
      );
    }
  });

  it('keeps accounts apart and refuses indexes outside BIP-32', () => {
    expect(wallet.deriveAddress('evm', 0, 1)).not.toBe(EVM[0]);
    expect(() => wallet.deriveAddress('evm', -1)).toThrow(RangeError);
    expect(() => wallet.deriveAddress('evm', 2 ** 31)).toThrow(RangeError);
    expect(() => wallet.deriveAddress('evm', 1.5)).toThrow(RangeError);
    expect(() => wallet.deriveAddress('evm', 0, 2 ** 31)).toThrow(RangeError);
  });

  it('accepts a mnemonic with stray spaces and capitals, and refuses a bad checksum', () => {
    expect(
      createHdWallet(`  ${TEST_MNEMONIC.toUpperCase().replace(/ /g, '   ')} `).deriveAddress('evm', 0),
    ).toBe(EVM[0]);
    expect(() => createHdWallet(TEST_MNEMONIC.replace(/about$/, 'abandon'))).toThrow(/BIP-39/);
  });
});

describe('mnemonics', () => {
  it('generates 24 valid words, different each time', () => {
    const a = createMnemonic();
    expect(a.split(' ')).toHaveLength(24);
    expect(isValidMnemonic(a)).toBe(true);
    expect(createMnemonic()).not.toBe(a);
  });

  it('refuses unknown words and wrong checksums', () => {
    expect(isValidMnemonic(TEST_MNEMONIC)).toBe(true);
    expect(isValidMnemonic(TEST_MNEMONIC.replace('about', 'abbot'))).toBe(false);
    expect(isValidMnemonic(TEST_MNEMONIC.replace('about', 'zoo'))).toBe(false);
    expect(isValidMnemonic('abandon abandon about')).toBe(false);
  });
});

/** Flips the case of the first letter found at or after `from` (a checksum-breaking edit for EIP-55). */
function flipCase(address: string, from = 2): string {
  const at = [...address].findIndex((c, i) => i >= from && /[a-fA-F]/.test(c));
  const c = address.charAt(at);
  return (
    address.slice(0, at) + (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) + address.slice(at + 1)
  );
}

/** Replaces the character at `at` with another base58 character (a checksum-breaking edit). */
function mutate(address: string, at: number): string {
  const c = address.charAt(at);
  return address.slice(0, at) + (c === 'x' ? 'y' : 'x') + address.slice(at + 1);
}

describe('EVM address validation (EIP-55)', () => {
  it('accepts checksummed, all-lower and all-upper addresses', () => {
    for (const address of EVM) {
      expect(isValidAddress('evm', address)).toBe(true);
      expect(isValidAddress('evm', address.toLowerCase())).toBe(true);
      expect(isValidAddress('evm', `0x${address.slice(2).toUpperCase()}`)).toBe(true);
    }
  });

  it('refuses a mixed-case address with a wrong checksum', () => {
    for (const address of EVM) expect(isValidAddress('evm', flipCase(address))).toBe(false);
  });

  it('refuses wrong prefixes, lengths and characters', () => {
    const hex = EVM[0]?.slice(2) ?? '';
    expect(isValidAddress('evm', hex)).toBe(false);
    expect(isValidAddress('evm', `0X${hex}`)).toBe(false);
    expect(isValidAddress('evm', `0x${hex.slice(1)}`)).toBe(false);
    expect(isValidAddress('evm', `0x${hex}0`)).toBe(false);
    expect(isValidAddress('evm', `0x${hex.slice(1)}g`.toLowerCase())).toBe(false);
    expect(isValidAddress('evm', ` ${EVM[0]}`)).toBe(false);
    expect(isValidAddress('evm', '')).toBe(false);
    expect(isValidAddress('evm', TRON[0] ?? '')).toBe(false);
  });

  it('normalizes any valid spelling to the checksummed one', () => {
    expect(normalizeAddress('evm', EVM[1]?.toLowerCase() ?? '')).toBe(EVM[1]);
    expect(normalizeAddress('tron', TRON[0] ?? '')).toBe(TRON[0]);
  });
});

describe('Tron address validation', () => {
  it('accepts base58check addresses with the 0x41 prefix', () => {
    for (const address of TRON) expect(isValidAddress('tron', address)).toBe(true);
    // USDT's TRC-20 contract, a well-known mainnet address.
    expect(isValidAddress('tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
  });

  it('refuses a bad checksum', () => {
    for (const at of [1, 10, 33]) expect(isValidAddress('tron', mutate(TRON[0] ?? '', at))).toBe(false);
  });

  it('refuses another prefix byte and another length', () => {
    const body = base58check.decode(TRON[0] ?? '').subarray(1);
    expect(isValidAddress('tron', base58check.encode(Uint8Array.of(0xa0, ...body)))).toBe(false);
    expect(isValidAddress('tron', base58check.encode(Uint8Array.of(0x41, ...body.subarray(1))))).toBe(false);
    expect(isValidAddress('tron', base58check.encode(Uint8Array.of(0x41, ...body, 0)))).toBe(false);
    expect(isValidAddress('tron', EVM[0] ?? '')).toBe(false);
    expect(isValidAddress('tron', DOGE_0)).toBe(false);
    expect(isValidAddress('tron', `${TRON[0]}0`)).toBe(false);
    expect(isValidAddress('tron', '')).toBe(false);
  });
});

describe('Dogecoin address validation', () => {
  it('accepts mainnet P2PKH and P2SH addresses', () => {
    expect(isValidAddress('doge', DOGE_0)).toBe(true);
    // Dogecoin Core's key_io test data: a mainnet P2PKH and a P2SH address.
    expect(isValidAddress('doge', 'DD4KSSuBJqcjuTcvUg1CgUKeurPUFeEZkE')).toBe(true);
    expect(isValidAddress('doge', 'A7HRQk3GFCW2QasvdZxXuYj8kkQK5QrYLs')).toBe(true);
  });

  it('refuses a bad checksum', () => {
    for (const at of [1, 12, 33]) expect(isValidAddress('doge', mutate(DOGE_0, at))).toBe(false);
  });

  it('refuses other networks, other lengths and other families', () => {
    const body = base58check.decode(DOGE_0).subarray(1);
    // Bitcoin (version 0) and Litecoin (48) P2PKH of the same key hash, then Dogecoin testnet (113).
    expect(isValidAddress('doge', base58check.encode(Uint8Array.of(0x00, ...body)))).toBe(false);
    expect(isValidAddress('doge', base58check.encode(Uint8Array.of(0x30, ...body)))).toBe(false);
    expect(isValidAddress('doge', base58check.encode(Uint8Array.of(0x71, ...body)))).toBe(false);
    expect(isValidAddress('doge', base58check.encode(Uint8Array.of(0x1e, ...body.subarray(1))))).toBe(false);
    expect(isValidAddress('doge', base58check.encode(Uint8Array.of(0x1e, ...body, 0)))).toBe(false);
    expect(isValidAddress('doge', TRON[0] ?? '')).toBe(false);
    expect(isValidAddress('doge', EVM[0] ?? '')).toBe(false);
    // Dogecoin has no SegWit: a well-formed bech32 witness address under any prefix is refused.
    for (const prefix of ['doge', 'bc']) {
      expect(isValidAddress('doge', bech32.encode(prefix, [0, ...bech32.toWords(body)]))).toBe(false);
    }
    expect(isValidAddress('doge', '')).toBe(false);
  });
});
