import { randomBytes } from 'node:crypto';
import {
  type App,
  type AppSecretBody,
  type CreateAppBody,
  ErrorCode,
  type UpdateAppBody,
} from '@tollgate/contracts';
import type { Executor } from '../../db/client';
import { AppError, type FieldErrorKey } from '../../lib/app-error';
import { IP_WHITELIST_MAX_ENTRIES, parseIpWhitelist } from '../../lib/ip-whitelist';
import type { ServiceDeps } from '../../types';
import { localCallbackHost } from '../callbacks/address-guard';
import { acceptGoogleCode } from '../google/google.service';
import { findMerchantById } from '../merchant/merchant.repository';
import { passwordMatches } from '../merchant/merchant.service';
import { isOwnUpload } from '../uploads/upload.repository';
import { generateAppSecret, maskAppSecret, openAppSecret, sealAppSecret } from './app-secret';
import * as repo from './application.repository';
import { merchantDays } from './merchant-day';

/**
 * My applications (SPEC 2, issue 7). The rules, in the order they are checked:
 * 1. Fields: the contracts schema checks name, description, telegram and callback URL; here
 *    a callback URL whose host is a local address (an IP literal the SSRF guard refuses, or
 *    localhost: callbacks/address-guard.ts localCallbackHost), the IP whitelist (each entry, normalized: lib/ip-whitelist) and the icon (a key this
 *    merchant uploaded). Every fault is reported at once and nothing is written.
 * 2. An appId names one of the caller's live applications, else 404: another merchant's
 *    application and a deleted one are not found alike, so nothing leaks.
 * 3. Create: the APPID is `app_` + 20 random hex characters; the APPSECRET is 32 random bytes,
 *    sealed bound to its row and version, and returned in full this once.
 * 4. Viewing or resetting the secret: the password (1113), then, when Google is bound, its
 *    code (missing or wrong: 1203), spent like any code. A reset bumps the secret's version in
 *    the same transaction as it spends the code: the old secret stops opening at once.
 * 5. Delete is soft (deleted_at): the application leaves the list and the API; its orders stay.
 */
type Deps = Pick<ServiceDeps, 'db' | 'now' | 'secrets'> & {
  /** ALLOW_PRIVATE_CALLBACKS: a callback URL may name a private or loopback address. */
  allowPrivateCallbacks: boolean;
};
type FieldInput = Partial<Omit<CreateAppBody, 'name'>> & { name?: string };

const NOT_FOUND = () => new AppError(ErrorCode.NOT_FOUND, { variant: 'applicationNotFound' });

export function generateAppId(): string {
  return `app_${randomBytes(10).toString('hex')}`;
}

function toApp(deps: Deps, row: repo.ApplicationRow, counts: repo.OrderCounts | undefined): App {
  const secret = openAppSecret(deps.secrets, row.id, row.secretVersion, row.secretSealed);
  return {
    appId: row.appId,
    name: row.name,
    description: row.description,
    icon: row.icon,
    telegram: row.telegram,
    callbackUrl: row.callbackUrl,
    ipWhitelist: row.ipWhitelist,
    secretMasked: maskAppSecret(secret),
    createdAt: row.createdAt.toISOString(),
    todayPayCount: counts?.todayPayCount ?? 0,
    yesterdayPayCount: counts?.yesterdayPayCount ?? 0,
    todayPayoutCount: counts?.todayPayoutCount ?? 0,
    yesterdayPayoutCount: counts?.yesterdayPayoutCount ?? 0,
  };
}

const WHITELIST_MESSAGE = {
  invalid_address: 'validation.ipWhitelistEntryInvalid',
  invalid_prefix: 'validation.ipWhitelistPrefixInvalid',
  too_many: 'validation.ipWhitelistTooMany',
} as const;

/** Rule 1: the fields sent, checked and normalized; the ones not sent stay undefined. */
async function checkFields(
  deps: Deps,
  merchantId: number,
  input: FieldInput,
): Promise<Partial<repo.ApplicationFields>> {
  const errors: FieldErrorKey[] = [];
  if (input.callbackUrl) {
    const host = localCallbackHost(input.callbackUrl, deps.allowPrivateCallbacks);
    if (host) errors.push({ field: 'callbackUrl', key: 'validation.callbackUrlLocal', params: { host } });
  }
  const fields: Partial<repo.ApplicationFields> = {};
  for (const key of ['name', 'description', 'telegram', 'callbackUrl'] as const) {
    if (input[key] !== undefined) fields[key] = input[key];
  }
  if (input.ipWhitelist !== undefined) {
    const parsed = parseIpWhitelist(input.ipWhitelist);
    if (parsed.ok) fields.ipWhitelist = parsed.normalized;
    else {
      for (const { entry, reason } of parsed.errors) {
        const params = { entry, max: IP_WHITELIST_MAX_ENTRIES };
        errors.push({ field: 'ipWhitelist', key: WHITELIST_MESSAGE[reason], params });
      }
    }
  }
  if (input.icon !== undefined) {
    if (input.icon === '' || (await isOwnUpload(deps.db, merchantId, input.icon, 'icon')))
      fields.icon = input.icon;
    else errors.push({ field: 'icon', key: 'validation.appIconInvalid' });
  }
  if (errors.length > 0) throw new AppError(ErrorCode.VALIDATION_FAILED, { fieldErrors: errors });
  return fields;
}

export async function listApps(deps: Deps, merchantId: number): Promise<{ list: App[] }> {
  const rows = await repo.listLiveApplications(deps.db, merchantId);
  const counts =
    rows.length > 0 ? await repo.countCompletedOrders(deps.db, merchantId, merchantDays(deps.now())) : null;
  return { list: rows.map((row) => toApp(deps, row, counts?.get(row.id))) };
}

export async function createApp(
  deps: Deps,
  merchantId: number,
  body: CreateAppBody,
): Promise<{ app: App; appSecret: string }> {
  const checked = await checkFields(deps, merchantId, body);
  const fields: repo.ApplicationFields = {
    name: body.name,
    description: '',
    icon: '',
    telegram: '',
    callbackUrl: '',
    ipWhitelist: '',
    ...checked,
  };
  const appSecret = generateAppSecret();
  const at = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const inserted = await repo.insertApplication(tx, {
        ...fields,
        merchantId,
        appId: generateAppId(),
        createdAt: at,
      });
      if (!inserted) continue;
      const sealed = sealAppSecret(deps.secrets, inserted.id, inserted.secretVersion, appSecret);
      return repo.setApplicationSecret(tx, inserted.id, sealed);
    }
    throw new Error('could not draw an unused APPID in 3 tries');
  });
  if (!row) throw new Error('the new application vanished inside its transaction');
  return { app: toApp(deps, row, undefined), appSecret };
}

async function countsOf(deps: Deps, row: repo.ApplicationRow) {
  return (await repo.countCompletedOrders(deps.db, row.merchantId, merchantDays(deps.now()))).get(row.id);
}

export async function updateApp(deps: Deps, merchantId: number, body: UpdateAppBody): Promise<{ app: App }> {
  const { appId, ...input } = body;
  if (!(await repo.findOwnApplication(deps.db, merchantId, appId))) throw NOT_FOUND();
  const fields = await checkFields(deps, merchantId, input);
  const row = await repo.updateOwnApplication(deps.db, merchantId, appId, fields, deps.now());
  if (!row) throw NOT_FOUND();
  return { app: toApp(deps, row, await countsOf(deps, row)) };
}

export async function deleteApp(deps: Deps, merchantId: number, appId: string): Promise<null> {
  if (!(await repo.softDeleteOwnApplication(deps.db, merchantId, appId, deps.now()))) throw NOT_FOUND();
  return null;
}

/** Rule 4 up to the Google code, which the caller spends (in its transaction, for a reset). */
async function checkPassword(deps: Deps, merchantId: number, body: AppSecretBody) {
  const merchant = await findMerchantById(deps.db, merchantId);
  if (!merchant) throw new AppError(ErrorCode.UNAUTHORIZED);
  if (!(await passwordMatches(merchant, body.password))) throw new AppError(ErrorCode.PASSWORD_WRONG);
  if (merchant.googleState && body.googleCode === undefined) {
    throw new AppError(ErrorCode.GOOGLE_CODE_INVALID, { variant: 'googleCodeMissing' });
  }
  return merchant;
}

async function spendGoogleCode(
  deps: Deps,
  db: Executor,
  merchant: Awaited<ReturnType<typeof checkPassword>>,
  code: string | undefined,
) {
  if (merchant.googleState)
    await acceptGoogleCode({ db, secrets: deps.secrets }, merchant, code ?? '', deps.now());
}

export async function revealAppSecret(
  deps: Deps,
  merchantId: number,
  body: AppSecretBody,
): Promise<{ appSecret: string }> {
  const row = await repo.findOwnApplication(deps.db, merchantId, body.appId);
  if (!row) throw NOT_FOUND();
  const merchant = await checkPassword(deps, merchantId, body);
  await spendGoogleCode(deps, deps.db, merchant, body.googleCode);
  return { appSecret: openAppSecret(deps.secrets, row.id, row.secretVersion, row.secretSealed) };
}

export async function resetAppSecret(
  deps: Deps,
  merchantId: number,
  body: AppSecretBody,
): Promise<{ appSecret: string }> {
  if (!(await repo.findOwnApplication(deps.db, merchantId, body.appId))) throw NOT_FOUND();
  const merchant = await checkPassword(deps, merchantId, body);
  const appSecret = generateAppSecret();
  await deps.db.transaction(async (tx) => {
    await spendGoogleCode(deps, tx, merchant, body.googleCode);
    // Read again under a row lock: two resets at once apply one after the other.
    const row = await repo.lockOwnApplication(tx, merchantId, body.appId);
    if (!row) throw NOT_FOUND();
    const sealed = sealAppSecret(deps.secrets, row.id, row.secretVersion + 1, appSecret);
    if (!(await repo.replaceApplicationSecret(tx, row, sealed, deps.now()))) throw NOT_FOUND();
  });
  return { appSecret };
}
