import { type Money, money, toDecimalString } from '@tollgate/contracts';
import { asc, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { balances, fundRecords } from '../../db/schema';
import { fundRecordHash, GENESIS_HASH } from './fund-record-hash';

/**
 * Proves the ledger consistent, for every merchant and currency, on one snapshot:
 * - balance: each bucket of the balance row equals the sum of that bucket's changes (and a
 *   balance with no records is zero);
 * - continuity: each record's before equals the previous record's after in its bucket (zero
 *   for the first), and before + change = after;
 * - hash: each record links to the previous record's hash (GENESIS_HASH for the first) and
 *   its own hash is that of its content.
 * Returns every problem found (empty: clean). Tests call it; `npm run ledger:verify` prints it.
 */
export interface LedgerProblem {
  merchantId: number;
  currency: string;
  /** The fund record at fault, or null for the balance row. */
  recordId: number | null;
  check: 'balance' | 'continuity' | 'hash';
  detail: string;
}

const PAGE = 2000;
type Sums = { available: Money; frozen: Money };

interface ChainState {
  merchantId: number;
  currency: string;
  prevHash: string;
  lastAfter: Sums;
  sums: Sums;
}

export async function verifyLedger(db: Database): Promise<LedgerProblem[]> {
  return db.transaction((tx) => verifyOnSnapshot(tx), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

async function verifyOnSnapshot(tx: Executor): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  const balanceRows = new Map<string, { available: string; frozen: string }>();
  for (const row of await tx.select().from(balances)) {
    balanceRows.set(keyOf(row.merchantId, row.coinName), { available: row.available, frozen: row.frozen });
  }

  let state: ChainState | null = null;
  const finish = (s: ChainState) => {
    const key = keyOf(s.merchantId, s.currency);
    checkBalance(problems, s.merchantId, s.currency, balanceRows.get(key), s.sums);
    balanceRows.delete(key);
  };

  let cursor: { merchantId: number; currency: string; id: number } | null = null;
  for (;;) {
    const page = await tx
      .select()
      .from(fundRecords)
      .where(
        cursor
          ? sql`(${fundRecords.merchantId}, ${fundRecords.currency}, ${fundRecords.id}) > (${cursor.merchantId}, ${cursor.currency}, ${cursor.id})`
          : undefined,
      )
      .orderBy(asc(fundRecords.merchantId), asc(fundRecords.currency), asc(fundRecords.id))
      .limit(PAGE);
    for (const record of page) {
      if (!state || state.merchantId !== record.merchantId || state.currency !== record.currency) {
        if (state) finish(state);
        state = {
          merchantId: record.merchantId,
          currency: record.currency,
          prevHash: GENESIS_HASH,
          lastAfter: { available: money('0'), frozen: money('0') },
          sums: { available: money('0'), frozen: money('0') },
        };
      }
      checkRecord(problems, state, record);
    }
    const last = page.at(-1);
    if (!last || page.length < PAGE) break;
    cursor = { merchantId: last.merchantId, currency: last.currency, id: last.id };
  }
  if (state) finish(state);

  // Balances that no record explains.
  for (const [key, row] of balanceRows) {
    const [merchantId, currency] = splitKey(key);
    checkBalance(problems, merchantId, currency, row, { available: money('0'), frozen: money('0') });
  }
  return problems;
}

function checkRecord(problems: LedgerProblem[], state: ChainState, record: typeof fundRecords.$inferSelect) {
  const report = (check: LedgerProblem['check'], detail: string) =>
    problems.push({
      merchantId: state.merchantId,
      currency: state.currency,
      recordId: record.id,
      check,
      detail,
    });
  const bucket = record.bucket;
  const before = money(record.balanceBefore);
  const change = money(record.changeAmount);
  const after = money(record.balanceAfter);

  if (!before.equals(state.lastAfter[bucket])) {
    report(
      'continuity',
      `${bucket} before ${toDecimalString(before)} is not the previous after ${toDecimalString(state.lastAfter[bucket])}`,
    );
  }
  if (!before.plus(change).equals(after)) {
    report(
      'continuity',
      `before ${toDecimalString(before)} + change ${toDecimalString(change)} is not after ${toDecimalString(after)}`,
    );
  }
  if (record.prevHash !== state.prevHash) {
    report('hash', 'prev_hash is not the previous record’s hash (a record was removed, added or reordered)');
  }
  if (fundRecordHash(record.prevHash, record) !== record.hash) {
    report('hash', 'hash does not match the record’s content (the record was changed)');
  }
  state.prevHash = record.hash;
  state.lastAfter[bucket] = after;
  state.sums[bucket] = state.sums[bucket].plus(change);
}

function checkBalance(
  problems: LedgerProblem[],
  merchantId: number,
  currency: string,
  row: { available: string; frozen: string } | undefined,
  sums: Sums,
) {
  for (const bucket of ['available', 'frozen'] as const) {
    const held = money(row?.[bucket] ?? '0');
    if (!held.equals(sums[bucket])) {
      problems.push({
        merchantId,
        currency,
        recordId: null,
        check: 'balance',
        detail: `${bucket} balance ${toDecimalString(held)} is not the sum of its changes ${toDecimalString(sums[bucket])}${row ? '' : ' (no balance row)'}`,
      });
    }
  }
}

const keyOf = (merchantId: number, currency: string) => `${merchantId}\u0000${currency}`;
function splitKey(key: string): [number, string] {
  const [merchantId = '0', currency = ''] = key.split('\u0000');
  return [Number(merchantId), currency];
}

/** One line per problem, for the command line. */
export function describeProblem(p: LedgerProblem): string {
  const where = p.recordId === null ? 'balance' : `fund record ${p.recordId}`;
  return `merchant ${p.merchantId} ${p.currency} ${where} [${p.check}]: ${p.detail}`;
}
