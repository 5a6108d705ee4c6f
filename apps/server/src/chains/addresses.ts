import { ECDH } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2';
import { createBase58check } from '@scure/base';
import { Address, type NETWORK, p2pkh } from '@scure/btc-signer';
import { bytesToHex, checksumAddress, isAddress, keccak256 } from 'viem';
import type { AddressFamily, ChainId } from './chain-adapter';
import { DOGE_NETWORKS } from './doge/doge-network';

/**
 * Addresses per family, from a secp256k1 public key, and their validation (checksums
 * included). Every encoding comes from the field's libraries: EIP-55 from viem, base58check
 * from @scure/base, Dogecoin's P2PKH from @scure/btc-signer with Dogecoin's version bytes.
 */
export const CHAIN_FAMILY: Record<ChainId, AddressFamily> = {
  ETH: 'evm',
  BSC: 'evm',
  POLYGON: 'evm',
  TRON: 'tron',
  DOGE: 'doge',
};

/** BIP-44 coin types (SLIP-44): one EVM derivation serves Ethereum, BNB Chain and Polygon. */
export const COIN_TYPE: Record<AddressFamily, number> = { evm: 60, tron: 195, doge: 3 };

/**
 * Dogecoin mainnet (chainparams.cpp): P2PKH version 30 (0x1e, "D…"), P2SH 22 (0x16, "9…"/"A…"),
 * WIF 158 (0x9e). Dogecoin has no SegWit: the bech32 prefix is never accepted (see isValid).
 * The devnet's DOGE addresses are mainnet's; a live node's network (DOGE_NETWORK) is chains/doge's.
 */
export const DOGE_NETWORK: typeof NETWORK = DOGE_NETWORKS.mainnet.params;

/** Tron: 0x41 followed by the 20 bytes an EVM address would hold, in base58check (sha256d). */
const TRON_PREFIX = 0x41;
const tronBase58check = createBase58check(sha256);

/**
 * The public key's address in the family; `publicKey` is a compressed or uncompressed SEC1 key.
 * A BIP-32 key comes compressed; the EVM and Tron addresses hash the uncompressed one. The
 * change of form is OpenSSL's (node:crypto's ECDH.convertKey, which also checks the point is
 * on the curve): a tenth of the time of @noble/curves' pure-JS square root, which was a third of
 * an order's address.
 */
export function addressFromPublicKey(family: AddressFamily, publicKey: Uint8Array): string {
  switch (family) {
    case 'evm':
      return checksumAddress(bytesToHex(accountBody(publicKey)));
    case 'tron':
      return tronBase58check.encode(Uint8Array.of(TRON_PREFIX, ...accountBody(publicKey)));
    case 'doge': {
      const address = p2pkh(secKey(publicKey, 'compressed'), DOGE_NETWORK).address;
      if (!address) throw new Error('p2pkh gave no address');
      return address;
    }
  }
}

/** The 20 bytes of an EVM account (and of a Tron address): keccak256 of the uncompressed key's x‖y, the last 20. */
function accountBody(publicKey: Uint8Array): Uint8Array {
  return keccak256(secKey(publicKey, 'uncompressed').subarray(1), 'bytes').subarray(12);
}

function secKey(publicKey: Uint8Array, format: 'compressed' | 'uncompressed'): Uint8Array {
  return ECDH.convertKey(publicKey, 'secp256k1', undefined, undefined, format) as Buffer;
}

/** Whether `address` is a valid mainnet address of the family, checksum included. */
export function isValidAddress(family: AddressFamily, address: string): boolean {
  if (typeof address !== 'string') return false;
  switch (family) {
    case 'evm':
      return isValidEvmAddress(address);
    case 'tron':
      return isValidTronAddress(address);
    case 'doge':
      return isValidDogeAddress(address);
  }
}

/**
 * EIP-55: a mixed-case address must carry the right checksum; an all-lower or all-upper one
 * carries none and is accepted as it is (the standard's own rule).
 */
function isValidEvmAddress(address: string): boolean {
  if (!isAddress(address, { strict: false })) return false;
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return checksumAddress(address as `0x${string}`) === address;
}

function isValidTronAddress(address: string): boolean {
  try {
    const bytes = tronBase58check.decode(address);
    return bytes.length === 21 && bytes[0] === TRON_PREFIX;
  } catch {
    return false;
  }
}

/** P2PKH ("D…") or P2SH: the two kinds of Dogecoin mainnet address a payout may go to. */
function isValidDogeAddress(address: string): boolean {
  try {
    const decoded = Address(DOGE_NETWORK).decode(address);
    return decoded.type === 'pkh' || decoded.type === 'sh';
  } catch {
    return false;
  }
}

/** The comparable form of an address (EVM addresses are case-insensitive; base58 ones are not). */
export function normalizeAddress(family: AddressFamily, address: string): string {
  return family === 'evm' ? checksumAddress(address.toLowerCase() as `0x${string}`) : address;
}

/**
 * An address typed into a search box, in the form addresses are stored: an EVM address
 * checksummed (wallets and explorers often show it in lower case); any other as typed.
 */
export function searchableAddress(text: string): string {
  return /^0x[0-9a-fA-F]{40}$/.test(text) ? normalizeAddress('evm', text) : text;
}

/** A transaction hash typed into a search box: hex hashes are stored in lower case (0x kept). */
export function searchableTxHash(text: string): string {
  return /^(0[xX])?[0-9a-fA-F]{64}$/.test(text) ? text.toLowerCase() : text;
}
