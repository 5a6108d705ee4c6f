import { generateMnemonic, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';

/**
 * BIP-39 mnemonics (English word list), apart from the key derivation so that config.ts can
 * check WALLET_MNEMONIC without loading the curve libraries.
 */

/** 24 words (256 bits of entropy). */
export function createMnemonic(): string {
  return generateMnemonic(wordlist, 256);
}

/** Words separated by single spaces, lower case: how BIP-39 expects them. */
export function normalizeMnemonic(mnemonic: string): string {
  return mnemonic.trim().toLowerCase().split(/\s+/).join(' ');
}

/** 12 to 24 words of the English list with a correct checksum. */
export function isValidMnemonic(mnemonic: string): boolean {
  return validateMnemonic(normalizeMnemonic(mnemonic), wordlist);
}
