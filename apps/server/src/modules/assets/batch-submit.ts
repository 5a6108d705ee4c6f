import {
  type BatchSubmitBody,
  type BatchSubmitResult,
  ErrorCode,
  formatExactMoney,
  type Language,
  sumMoney,
  toDecimalString,
} from '@tollgate/contracts';
import { AppError } from '../../lib/app-error';
import { acceptGoogleCode } from '../google/google.service';
import { requireGoogleBound } from '../google/google-guard';
import { openGoogleSecret } from '../google/google-secrets';
import { matchTotpStep } from '../google/totp';
import { InsufficientBalanceError } from '../ledger/post-fund-record';
import { findMerchantById } from '../merchant/merchant.repository';
import {
  findBatch,
  fromStoredRow,
  lockMerchant,
  markSubmitted,
  type StoredBatchRow,
} from './batch.repository';
import { type CheckedRow, checkBatchRows } from './batch-rows';
import { availableOf, type WithdrawalRow } from './withdrawal.repository';
import {
  freezeWithdrawals,
  requireWithdrawalsOpen,
  toWithdrawalObject,
  type WithdrawalDeps,
} from './withdrawal.service';
import { loadAddressWhitelist } from './withdrawal-rules';

/**
 * POST /front/merchant/account/withdrawal/batch/submit (issue 8 "Batch withdrawal"), the rules in
 * order, each refusal with nothing written:
 * 1. Google Authenticator bound (1201); withdrawals open (3202, 24 h after a password or Google
 *    change);
 * 2. the batch is the merchant's (404 otherwise), still previewed (3301) and without a row in error
 *    (3302);
 * 3. the Google code is right (1203): checked here, spent only in the transaction below;
 * 4. every row passes the rules again with today's terms (a fee, a limit or the whitelist may have
 *    changed since the preview): the first that no longer does is named (1001);
 * 5. one transaction, which first locks the merchant's row (submissions of one merchant take
 *    turns, and locks come in a single withdrawal's order: merchant, then balances, by coin): the
 *    batch moves previewed → submitted (a conditional UPDATE: of two submissions of one batch,
 *    the second finds it submitted, 3301), every row becomes a withdrawal (source batch,
 *    batch_id) with amount + fee frozen (freezeWithdrawals: a few statements for the whole
 *    batch, not a few per row), then the code is spent. When a coin's rows no longer fit
 *    its available balance, everything rolls back and 3201 names the coin, what the batch needs
 *    of it and what is available. Freezing before spending the code makes the balance decide a
 *    race between two batches, whatever their codes.
 * Each row then follows a single withdrawal's path: worth at most the merchant's auto-approve
 * threshold (its own amount + fee in USDT, row by row as for the payout API's batch), it is
 * processing at once and the watcher's next pass sends it (a 10,000-row batch must answer in
 * seconds, not wait on as many sends); otherwise it waits for review.
 */
export async function submitBatch(
  deps: WithdrawalDeps,
  merchantId: number,
  lang: Language,
  body: Pick<BatchSubmitBody, 'batchId' | 'googleCode'>,
): Promise<BatchSubmitResult> {
  const merchant = await findMerchantById(deps.db, merchantId);
  if (!merchant) throw new AppError(ErrorCode.UNAUTHORIZED);
  const sealed = requireGoogleBound(merchant);
  requireWithdrawalsOpen(merchant, deps.now());

  const batch = await findBatch(deps.db, merchantId, body.batchId);
  if (!batch) throw new AppError(ErrorCode.NOT_FOUND, { variant: 'batchNotFound' });
  if (batch.status !== 'previewed') throw new AppError(ErrorCode.BATCH_ALREADY_SUBMITTED);
  if (batch.errorCount > 0) {
    throw new AppError(ErrorCode.BATCH_HAS_ERRORS, { messageParams: { count: batch.errorCount } });
  }
  const secret = openGoogleSecret(deps.secrets, merchant.id, 'google_secret', sealed);
  if (matchTotpStep(secret, body.googleCode, deps.now()) === null) {
    throw new AppError(ErrorCode.GOOGLE_CODE_INVALID);
  }

  const stored = (batch.rows as StoredBatchRow[]).map(fromStoredRow);
  const whitelist = await loadAddressWhitelist(deps.db, merchant);
  const rows = await checkBatchRows(
    { db: deps.db, chains: deps.chains, whitelist },
    stored.map((row) => ({
      line: row.line,
      coin: row.coinName,
      chain: row.chainId,
      address: row.address,
      amount: row.amount,
      remark: row.remark,
    })),
    lang,
  );
  const changed = rows.find((row) => row.error !== null);
  if (changed) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fieldErrors: [
        {
          field: 'batchId',
          key: 'validation.batch.rowChanged',
          params: { line: changed.line, reason: changed.error ?? '' },
        },
      ],
    });
  }

  const test = deps.chains.mode === 'devnet';
  let created: WithdrawalRow[];
  try {
    created = await deps.db.transaction(async (tx) => {
      const now = deps.now();
      await lockMerchant(tx, merchantId);
      if (!(await markSubmitted(tx, batch.id, now))) throw new AppError(ErrorCode.BATCH_ALREADY_SUBMITTED);
      const valid = byCoin(rows);
      const frozen = await freezeWithdrawals(
        tx,
        valid.map((row) => ({
          merchant,
          checked: row.checked,
          source: 'batch' as const,
          batchId: batch.batchId,
          remark: row.remark,
          test,
          now,
        })),
      );
      const made = valid.map((row, i) => ({ line: row.line, withdrawal: frozen[i] as WithdrawalRow }));
      await acceptGoogleCode({ db: tx, secrets: deps.secrets }, merchant, body.googleCode, now);
      // Back in the file's order.
      return made.sort((a, b) => a.line - b.line).map((entry) => entry.withdrawal);
    });
  } catch (error) {
    if (error instanceof InsufficientBalanceError) {
      const coin = error.currency;
      const needed = toDecimalString(
        sumMoney(rows.flatMap((row) => (row.checked?.coinName === coin ? [row.checked.total] : []))),
      );
      const available = toDecimalString(await availableOf(deps.db, merchantId, coin));
      throw new AppError(ErrorCode.INSUFFICIENT_BALANCE, {
        details: { coinName: coin, needed, available },
        messageParams: { needed: formatExactMoney(needed), available: formatExactMoney(available), coin },
      });
    }
    throw error;
  }
  return {
    batchId: batch.batchId,
    count: created.length,
    withdrawals: created.map(toWithdrawalObject),
  };
}

type ValidRow = CheckedRow & { checked: NonNullable<CheckedRow['checked']> };

/** Valid rows, coin by coin: balance rows are locked in one order whatever the file's. */
function byCoin(rows: readonly CheckedRow[]): ValidRow[] {
  const valid = rows.filter((row): row is ValidRow => row.checked !== null);
  return valid.sort((a, b) => (a.coinName < b.coinName ? -1 : a.coinName > b.coinName ? 1 : a.line - b.line));
}
