import { money, toDecimalString } from '@tollgate/contracts';
import type { Executor } from '../../db/client';
import { type PlatformAccount, platformEntries } from '../../db/schema';

/**
 * The platform's books (docs/decisions/2026-12-07-platform-books.md): every on-chain movement is
 * one journal entry, written in the transaction of its cause, whose lines sum to zero per coin.
 * Asset lines (hot wallet, gas wallet, unswept addresses) carry their address and the block of
 * the movement, so chain:reconcile compares them with the chain at one height.
 */
export interface BookLine {
  coinName: string;
  account: PlatformAccount;
  /** Signed decimal string: a debit is positive, a credit negative. */
  amount: string;
  /** Asset lines: where it is held, and the block of the movement. */
  address?: string;
  blockHeight?: number;
}

export class UnbalancedEntryError extends Error {}

export async function postEntry(
  tx: Executor,
  entry: { ref: string; chainId: string; lines: BookLine[]; now: Date },
): Promise<void> {
  const lines = entry.lines.filter((line) => !money(line.amount).isZero());
  if (lines.length === 0) return;
  const sums = new Map<string, ReturnType<typeof money>>();
  for (const line of lines) {
    const isAsset =
      line.account === 'hot_wallet' || line.account === 'gas_wallet' || line.account === 'unswept';
    if (isAsset && (line.address === undefined || line.blockHeight === undefined)) {
      throw new UnbalancedEntryError(`${entry.ref}: the ${line.account} line needs its address and block`);
    }
    sums.set(line.coinName, (sums.get(line.coinName) ?? money('0')).plus(line.amount));
  }
  for (const [coin, sum] of sums) {
    if (!sum.isZero())
      throw new UnbalancedEntryError(`${entry.ref}: ${coin} lines sum to ${sum.toString()}, not 0`);
  }
  await tx.insert(platformEntries).values(
    lines.map((line) => ({
      entryRef: entry.ref,
      chainId: entry.chainId,
      coinName: line.coinName,
      account: line.account,
      address: line.address ?? null,
      amount: toDecimalString(line.amount),
      blockHeight: line.blockHeight ?? null,
      createdAt: entry.now,
    })),
  );
}

const negate = (amount: string) => toDecimalString(money(amount).negated());

/**
 * The entries of each movement. `at` is where an asset is held and the block of the movement.
 */
export const entries = {
  /** A transfer arrived at a watched address (recorded, not yet credited): held there, owed to no one yet. */
  received(t: { coinName: string; amount: string; address: string; blockHeight: number }): BookLine[] {
    return [
      {
        coinName: t.coinName,
        account: 'unswept',
        amount: t.amount,
        address: t.address,
        blockHeight: t.blockHeight,
      },
      { coinName: t.coinName, account: 'pending_receipts', amount: negate(t.amount) },
    ];
  },
  /** A received transfer whose block left the chain before it was credited: the receipt undone. */
  dropped(t: { coinName: string; amount: string; address: string; blockHeight: number }): BookLine[] {
    return entries.received(t).map((line) => ({ ...line, amount: negate(line.amount) }));
  },
  /** A receipt credited to a merchant: its amount less the fee owed to them, the fee earned. */
  credited(t: { coinName: string; amount: string; fee: string }): BookLine[] {
    return [
      { coinName: t.coinName, account: 'pending_receipts', amount: t.amount },
      {
        coinName: t.coinName,
        account: 'merchant_balances',
        amount: negate(money(t.amount).minus(t.fee).toString()),
      },
      { coinName: t.coinName, account: 'fee_income', amount: negate(t.fee) },
    ];
  },
  /** A credited transfer gone in a reorg deeper than the confirmations: held no more, owed still. */
  reorgedAfterCredit(t: {
    coinName: string;
    amount: string;
    address: string;
    blockHeight: number;
  }): BookLine[] {
    return [
      {
        coinName: t.coinName,
        account: 'unswept',
        amount: negate(t.amount),
        address: t.address,
        blockHeight: t.blockHeight,
      },
      { coinName: t.coinName, account: 'reorg_loss', amount: t.amount },
    ];
  },
  /**
   * A withdrawal or payout mined: the amount leaves the hot wallet, the merchant's amount + fee
   * leave what is owed, the fee is earned; the network fee (native coin) is an expense. A
   * reverted one moved nothing but still paid its network fee.
   */
  withdrawalMined(s: {
    coinName: string;
    amount: string;
    fee: string;
    nativeCoin: string;
    networkFee: string;
    hotWallet: string;
    blockHeight: number;
    reverted: boolean;
  }): BookLine[] {
    const at = { address: s.hotWallet, blockHeight: s.blockHeight };
    const moved: BookLine[] = s.reverted
      ? []
      : [
          { coinName: s.coinName, account: 'hot_wallet', amount: negate(s.amount), ...at },
          {
            coinName: s.coinName,
            account: 'merchant_balances',
            amount: money(s.amount).plus(s.fee).toString(),
          },
          { coinName: s.coinName, account: 'fee_income', amount: negate(s.fee) },
        ];
    return [
      ...moved,
      ...entries.gasPaid({
        nativeCoin: s.nativeCoin,
        networkFee: s.networkFee,
        account: 'hot_wallet',
        ...at,
      }),
    ];
  },
  /** A network fee paid from a platform address (hot wallet, gas wallet, or an unswept address sweeping itself). */
  gasPaid(g: {
    nativeCoin: string;
    networkFee: string;
    account: 'hot_wallet' | 'gas_wallet' | 'unswept';
    address: string;
    blockHeight: number;
  }): BookLine[] {
    return [
      {
        coinName: g.nativeCoin,
        account: g.account,
        amount: negate(g.networkFee),
        address: g.address,
        blockHeight: g.blockHeight,
      },
      { coinName: g.nativeCoin, account: 'gas_expense', amount: g.networkFee },
    ];
  },
  /** Coin moved between two platform addresses (a sweep, a gas top-up). */
  moved(m: {
    coinName: string;
    amount: string;
    from: { account: 'hot_wallet' | 'gas_wallet' | 'unswept'; address: string };
    to: { account: 'hot_wallet' | 'gas_wallet' | 'unswept'; address: string };
    blockHeight: number;
  }): BookLine[] {
    return [
      {
        coinName: m.coinName,
        account: m.from.account,
        amount: negate(m.amount),
        address: m.from.address,
        blockHeight: m.blockHeight,
      },
      {
        coinName: m.coinName,
        account: m.to.account,
        amount: m.amount,
        address: m.to.address,
        blockHeight: m.blockHeight,
      },
    ];
  },
  /**
   * An unmatched transfer returned to its sender from the hot wallet: the receipt is owed to no
   * one any more; the network fee is an expense. A reverted return moved nothing but its fee.
   */
  returned(r: {
    coinName: string;
    amount: string;
    nativeCoin: string;
    networkFee: string;
    hotWallet: string;
    blockHeight: number;
    reverted: boolean;
  }): BookLine[] {
    const at = { address: r.hotWallet, blockHeight: r.blockHeight };
    const moved: BookLine[] = r.reverted
      ? []
      : [
          { coinName: r.coinName, account: 'hot_wallet', amount: negate(r.amount), ...at },
          { coinName: r.coinName, account: 'pending_receipts', amount: r.amount },
        ];
    return [
      ...moved,
      ...entries.gasPaid({
        nativeCoin: r.nativeCoin,
        networkFee: r.networkFee,
        account: 'hot_wallet',
        ...at,
      }),
    ];
  },
  /** The operator funded the hot or gas wallet from outside. */
  funded(f: {
    coinName: string;
    amount: string;
    account: 'hot_wallet' | 'gas_wallet';
    address: string;
    blockHeight: number;
  }): BookLine[] {
    return [
      {
        coinName: f.coinName,
        account: f.account,
        amount: f.amount,
        address: f.address,
        blockHeight: f.blockHeight,
      },
      { coinName: f.coinName, account: 'operator_funding', amount: negate(f.amount) },
    ];
  },
  /** The lines of an entry, undone (a mined send whose block left the chain). */
  undo(lines: BookLine[]): BookLine[] {
    return lines.map((line) => ({ ...line, amount: negate(line.amount) }));
  },
};
