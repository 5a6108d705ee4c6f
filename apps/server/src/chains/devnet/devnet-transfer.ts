import { randomBytes } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1';
import { MAX_ORDER_AMOUNT, money, toDecimalString } from '@tollgate/contracts/money';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { coins, devnetTransfers } from '../../db/schema';
import { fieldError } from '../../lib/app-error';
import { addressFromPublicKey, CHAIN_FAMILY, isValidAddress, normalizeAddress } from '../addresses';
import { type AddressFamily, CHAIN_IDS, type ChainId } from '../chain-adapter';

/**
 * A devnet payment: a pending row in devnet_transfers that the next devnet block includes
 * (block-producer.ts). It is only a database row: nothing here, nor anywhere in the devnet
 * adapter, opens a network connection, so devnet money can never reach a real chain. Rules,
 * in order, each a 1001 on its field with nothing written:
 * 1. the chain is one of the five, and the coin exists on it (coins table);
 * 2. the destination is a valid address of the chain's family (checksum included);
 * 3. the amount is a decimal string > 0 with at most the coin's decimals, within NUMERIC(38,18).
 * The hash looks like the chain's own: 0x + 64 hex on EVM chains, 64 hex on Tron and Dogecoin.
 */
export interface DevnetTransferInput {
  chainId: string;
  toAddress: string;
  coinName: string;
  amount: string;
  /** The payer; a fresh random address of the chain's family when omitted. */
  fromAddress?: string;
  /**
   * A hash chosen by the sender (devnet-sender.ts: the hash of the signed bytes): a transfer with
   * it already made is returned as it is, not made twice. Random when omitted.
   */
  txHash?: string;
  /** Mined reverted: in a block, moving nothing. */
  failed?: boolean;
}

export interface DevnetTransferRow {
  id: number;
  chainId: ChainId;
  txHash: string;
  logIndex: number;
  fromAddress: string;
  toAddress: string;
  coinName: string;
  amount: string;
  /** null until a block includes it. */
  blockHeight: number | null;
}

/** A simulated transfer is an order's amount at most (MAX_ORDER_AMOUNT: far below NUMERIC(38,18)'s 20 integer digits). */
const AMOUNT_LIMIT = money(MAX_ORDER_AMOUNT);

export async function devnetTransfer(db: Executor, input: DevnetTransferInput): Promise<DevnetTransferRow> {
  if (!(CHAIN_IDS as readonly string[]).includes(input.chainId)) {
    throw fieldError('network', 'validation.collection.network');
  }
  const chainId = input.chainId as ChainId;
  const family = CHAIN_FAMILY[chainId];
  const [coin] = await db
    .select({ decimals: coins.decimals })
    .from(coins)
    .where(and(eq(coins.chainId, chainId), eq(coins.coinName, input.coinName)));
  if (!coin) throw fieldError('currency', 'validation.collection.currency');
  if (!isValidAddress(family, input.toAddress)) throw fieldError('toAddress', 'validation.invalidType');
  if (input.fromAddress !== undefined && !isValidAddress(family, input.fromAddress)) {
    throw fieldError('fromAddress', 'validation.invalidType');
  }
  const parsed = parseAmount(input.amount, coin.decimals);
  if ('error' in parsed) throw fieldError('amount', parsed.error);
  const { amount } = parsed;

  const txHash = input.txHash ?? randomChainHash(family);
  const [inserted] = await db
    .insert(devnetTransfers)
    .values({
      chainId,
      txHash,
      logIndex: 0,
      fromAddress: normalizeAddress(family, input.fromAddress ?? randomAddress(family)),
      toAddress: normalizeAddress(family, input.toAddress),
      coinName: input.coinName,
      amount,
      failed: input.failed === true,
    })
    .onConflictDoNothing()
    .returning();
  const [row] = inserted
    ? [inserted]
    : await db
        .select()
        .from(devnetTransfers)
        .where(and(eq(devnetTransfers.chainId, chainId), eq(devnetTransfers.txHash, txHash)));
  if (!row) throw new Error('devnet transfer not inserted');
  return { ...row, chainId, amount: toDecimalString(row.amount) };
}

/**
 * The amount as a plain decimal string, or the message key of why it is not one: not > 0, too
 * large for the amount columns, or more decimals than the coin has.
 */
function parseAmount(value: string, decimals: number): { amount: string } | { error: string } {
  if (typeof value !== 'string') return { error: 'validation.collection.amount' };
  let parsed: ReturnType<typeof money>;
  try {
    parsed = money(value);
  } catch {
    return { error: 'validation.collection.amount' };
  }
  if (!parsed.isFinite() || parsed.lte(0)) return { error: 'validation.collection.amount' };
  if (parsed.gte(AMOUNT_LIMIT)) return { error: 'validation.collection.amountTooLarge' };
  if (parsed.decimalPlaces() > decimals) return { error: 'validation.collection.amountDecimals' };
  return { amount: toDecimalString(parsed) };
}

/** A transaction or block hash as the chain writes it: 32 random bytes in hex. */
export function randomChainHash(family: AddressFamily): string {
  const hex = randomBytes(32).toString('hex');
  return family === 'evm' ? `0x${hex}` : hex;
}

/** A valid address nobody derived: the simulated payer. */
function randomAddress(family: AddressFamily): string {
  return addressFromPublicKey(family, secp256k1.getPublicKey(secp256k1.utils.randomPrivateKey(), true));
}
