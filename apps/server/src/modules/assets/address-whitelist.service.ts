import {
  ErrorCode,
  WHITELIST_MAX_ADDRESSES,
  type WhitelistAddBody,
  type WhitelistRemoveBody,
  type WhitelistResult,
  type WhitelistSwitchBody,
} from '@tollgate/contracts';
import { normalizeAddress } from '../../chains/addresses';
import type { Executor } from '../../db/client';
import { AppError, fieldError } from '../../lib/app-error';
import type { ServiceDeps } from '../../types';
import { checkEmailCode, consumeEmailCode, issueEmailCode } from '../codes/email-code.service';
import { acceptGoogleCode } from '../google/google.service';
import { requireGoogleBound } from '../google/google-guard';
import { enqueueMail } from '../mail/mail.job';
import { findMerchantById, lockWithdrawals, type MerchantRow } from '../merchant/merchant.repository';
import { languageOf } from '../merchant/merchant.service';
import {
  countWhitelistAddresses,
  deleteWhitelistAddress,
  insertWhitelistAddress,
  listWhitelistAddresses,
  lockWhitelist,
  readWhitelist,
  setWhitelistOn,
  whitelistKey,
} from './address-whitelist.repository';

/**
 * The withdrawal address whitelist on merchant info (issue 8; docs/decisions/2026-11-25-address-whitelist.md).
 * Enforcement lives in the withdrawal rules (withdrawal-rules.ts, 3203). Rules, in order:
 * - every change needs Google bound (1201) and its code (1203), spent in the change's transaction;
 * - add: the chain enabled (3002), the address valid for it (1001), stored as the adapter
 *   normalizes it; not already listed (1001); at most WHITELIST_MAX_ADDRESSES (1001); the emailed
 *   whitelist code right (1107/1108/1109: checked first, so a wrong one counts a try even when
 *   the rest fails, then spent with the Google code). Takes effect at once: both factors were given;
 * - remove: the merchant's own address (404); takes effect at once (it only narrows);
 * - switch on: at least one address listed (1001); switch off: withdrawals and payouts pause for
 *   24 h (3202) and the merchant is mailed, since it needs only the Google code and widens.
 * Codes are spent only when the whole change is written: one transaction, serialized per merchant.
 */
async function loadMerchant(db: Executor, merchantId: number): Promise<MerchantRow> {
  const merchant = await findMerchantById(db, merchantId);
  if (!merchant) throw new AppError(ErrorCode.UNAUTHORIZED);
  return merchant;
}

export async function getWhitelist(db: Executor, merchantId: number): Promise<WhitelistResult> {
  const [{ on }, rows] = await Promise.all([
    readWhitelist(db, merchantId),
    listWhitelistAddresses(db, merchantId),
  ]);
  return {
    enabled: on,
    list: rows.map((row) => ({
      id: row.id,
      chainId: row.chainId,
      address: row.address,
      label: row.label,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

export async function sendWhitelistCode(deps: ServiceDeps, merchantId: number, ip: string): Promise<null> {
  const merchant = await loadMerchant(deps.db, merchantId);
  await issueEmailCode(deps, {
    email: merchant.email,
    purpose: 'whitelist',
    ip,
    mailIn: languageOf(merchant),
  });
  return null;
}

export async function addWhitelistAddress(
  deps: ServiceDeps,
  merchantId: number,
  body: WhitelistAddBody & { label: string },
): Promise<WhitelistResult> {
  const merchant = await loadMerchant(deps.db, merchantId);
  requireGoogleBound(merchant);
  const adapter = deps.chains.get(body.chainId);
  if (!adapter) throw new AppError(ErrorCode.CURRENCY_NOT_SUPPORTED);
  const typed = body.address.trim();
  if (!adapter.isValidAddress(typed)) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fieldErrors: [
        { field: 'address', key: 'validation.asset.address', params: { chain: adapter.chainId } },
      ],
    });
  }
  const address = normalizeAddress(adapter.family, typed);
  const { keys } = await readListed(deps.db, merchantId);
  if (keys.has(whitelistKey(adapter.chainId, address))) throw duplicate();
  if (keys.size >= WHITELIST_MAX_ADDRESSES) throw full();
  const codeId = await checkEmailCode(deps, {
    email: merchant.email,
    purpose: 'whitelist',
    code: body.emailCode,
  });
  await deps.db.transaction(async (tx) => {
    const now = deps.now();
    await lockWhitelist(tx, merchantId);
    if ((await countWhitelistAddresses(tx, merchantId)) >= WHITELIST_MAX_ADDRESSES) throw full();
    const row = await insertWhitelistAddress(tx, {
      merchantId,
      chainId: adapter.chainId,
      address,
      label: body.label,
      createdAt: now,
    });
    if (!row) throw duplicate();
    await acceptGoogleCode({ db: tx, secrets: deps.secrets }, merchant, body.googleCode, now);
    await consumeEmailCode(tx, codeId, now);
  });
  return getWhitelist(deps.db, merchantId);
}

export async function removeWhitelistAddress(
  deps: ServiceDeps,
  merchantId: number,
  body: WhitelistRemoveBody,
): Promise<WhitelistResult> {
  const merchant = await loadMerchant(deps.db, merchantId);
  requireGoogleBound(merchant);
  await deps.db.transaction(async (tx) => {
    const now = deps.now();
    await lockWhitelist(tx, merchantId);
    if (!(await deleteWhitelistAddress(tx, merchantId, body.id))) throw new AppError(ErrorCode.NOT_FOUND);
    await acceptGoogleCode({ db: tx, secrets: deps.secrets }, merchant, body.googleCode, now);
  });
  return getWhitelist(deps.db, merchantId);
}

export async function switchWhitelist(
  deps: ServiceDeps,
  merchantId: number,
  body: WhitelistSwitchBody,
): Promise<WhitelistResult> {
  const merchant = await loadMerchant(deps.db, merchantId);
  requireGoogleBound(merchant);
  let mailed = false;
  await deps.db.transaction(async (tx) => {
    const now = deps.now();
    await lockWhitelist(tx, merchantId);
    const { on } = await readWhitelist(tx, merchantId);
    if (body.enabled && (await countWhitelistAddresses(tx, merchantId)) === 0) {
      throw fieldError('enabled', 'validation.whitelist.emptyList');
    }
    await acceptGoogleCode({ db: tx, secrets: deps.secrets }, merchant, body.googleCode, now);
    if (on === body.enabled) return;
    await setWhitelistOn(tx, merchantId, body.enabled);
    if (!body.enabled) {
      await lockWithdrawals(tx, merchantId, now);
      const content = { template: 'whitelistOff' as const, email: merchant.email, at: now.toISOString() };
      await enqueueMail(tx, { to: merchant.email, lang: languageOf(merchant), content }, now);
      mailed = true;
    }
  });
  if (mailed) deps.jobs.wake();
  return getWhitelist(deps.db, merchantId);
}

/** Every listed key, whether the whitelist is on or not (for the add rules). */
async function readListed(db: Executor, merchantId: number) {
  const rows = await listWhitelistAddresses(db, merchantId);
  return { keys: new Set(rows.map((r) => whitelistKey(r.chainId, r.address))) };
}

function duplicate(): AppError {
  return fieldError('address', 'validation.whitelist.duplicate');
}

function full(): AppError {
  return new AppError(ErrorCode.VALIDATION_FAILED, {
    fieldErrors: [
      { field: 'address', key: 'validation.whitelist.full', params: { max: WHITELIST_MAX_ADDRESSES } },
    ],
  });
}
