import { z } from 'zod';
import {
  APP_DESCRIPTION_MAX,
  APP_NAME_MAX,
  CALLBACK_URL_MAX,
  IP_WHITELIST_TEXT_MAX,
  TELEGRAM_PATTERN,
  UPLOAD_DIRS,
} from './application-limits';
import { codeField, loginPasswordField, requiredString } from './validation';

export * from './application-limits';

/**
 * "My applications" (SPEC 2, 3; issue 7): the back-office calls under /front/app/* and the
 * upload signatures for application icons. Field rules carry `validation.*` message keys; the
 * IP whitelist's entries are checked one by one on the server (lib/ip-whitelist.ts), which
 * names the entry at fault.
 */
export const appNameField = requiredString('validation.appNameRequired')
  .trim()
  .min(1, { message: 'validation.appNameRequired', abort: true })
  .max(APP_NAME_MAX, { message: 'validation.appNameTooLong' });

export const appDescriptionField = z
  .string()
  .trim()
  .max(APP_DESCRIPTION_MAX, { message: 'validation.appDescriptionTooLong' });

/** '' clears it; else a Telegram username, stored without its @. */
export const telegramField = z
  .string()
  .trim()
  .refine((value) => value === '' || TELEGRAM_PATTERN.test(value), { message: 'validation.telegramInvalid' })
  .transform((value) => value.replace(/^@/, ''));

export function isHttpUrl(value: string): boolean {
  if (value.length > CALLBACK_URL_MAX || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** '' clears it; else an http(s) URL of at most 2048 characters. */
export const callbackUrlField = z
  .string()
  .trim()
  .refine((value) => value === '' || isHttpUrl(value), { message: 'validation.callbackUrlInvalid' });

/** Comma-separated IPv4/IPv6/CIDR; each entry is checked and normalized by the server. */
export const ipWhitelistField = z.string().max(IP_WHITELIST_TEXT_MAX, { message: 'validation.tooLong' });

/** An uploaded file's key (from the upload call), or '' for no icon. */
export const iconField = z.string().trim().max(200, { message: 'validation.appIconInvalid' });

export const appIdField = requiredString('validation.appIdRequired')
  .trim()
  .min(1, { message: 'validation.appIdRequired' })
  .max(64, { message: 'validation.appIdRequired' });

/** Create: `name` required; an omitted optional field is empty. */
export const createAppBody = z.object({
  name: appNameField,
  description: appDescriptionField.optional().default(''),
  icon: iconField.optional().default(''),
  telegram: telegramField.optional().default(''),
  callbackUrl: callbackUrlField.optional().default(''),
  ipWhitelist: ipWhitelistField.optional().default(''),
});
export type CreateAppBody = z.input<typeof createAppBody>;

/** Update: the fields sent are changed (an empty string clears an optional one); the others stay. */
export const updateAppBody = z.object({
  appId: appIdField,
  name: appNameField.optional(),
  description: appDescriptionField.optional(),
  icon: iconField.optional(),
  telegram: telegramField.optional(),
  callbackUrl: callbackUrlField.optional(),
  ipWhitelist: ipWhitelistField.optional(),
});
export type UpdateAppBody = z.input<typeof updateAppBody>;

export const appIdBody = z.object({ appId: appIdField });

/** Viewing or resetting the secret: the password, and the Google code when Google is bound. */
export const appSecretBody = z.object({
  appId: appIdField,
  password: loginPasswordField,
  googleCode: codeField.optional(),
});
export type AppSecretBody = z.input<typeof appSecretBody>;

const count = z.number().int().nonnegative();

export const app = z.object({
  appId: z.string().describe('The public APPID: app_ and 20 hex characters'),
  name: z.string(),
  description: z.string(),
  icon: z.string().describe("An uploaded file's key, served at /uploads/<key>; '' for none"),
  telegram: z.string().describe('Telegram username without @, or empty'),
  callbackUrl: z.string(),
  ipWhitelist: z.string().describe("Normalized, comma-separated IPs and CIDRs; '' lets every IP call"),
  secretMasked: z.string().describe('The first and last 4 characters of the APPSECRET'),
  createdAt: z.string().describe('ISO 8601'),
  todayPayCount: count.describe('Collection orders of this app completed today (Asia/Shanghai)'),
  yesterdayPayCount: count.describe('Collection orders of this app completed yesterday (Asia/Shanghai)'),
  todayPayoutCount: count.describe('Payout orders of this app completed today (Asia/Shanghai)'),
  yesterdayPayoutCount: count.describe('Payout orders of this app completed yesterday (Asia/Shanghai)'),
});
export type App = z.infer<typeof app>;

export const appListResult = z.object({ list: z.array(app) });
export const createAppResult = z.object({
  app,
  appSecret: z.string().describe('The APPSECRET, 64 hex characters: shown in full this once'),
});
export const updateAppResult = z.object({ app });
export const appSecretResult = z.object({ appSecret: z.string() });

export const uploadSignatureBody = z.object({
  dir: z.enum(UPLOAD_DIRS, {
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? 'validation.required'
        : 'validation.uploadDirInvalid',
  }),
});

export const uploadSignature = z.object({
  url: z.string().describe('Where to POST the file (multipart/form-data): the fields, then `file`'),
  fields: z.record(z.string(), z.string()).describe('Form fields to send as they are, before the file'),
  keyPrefix: z.string().describe("Every key stored under this policy starts with it (e.g. 'icon/100001/')"),
  maxBytes: z.number().int(),
  allowedTypes: z.array(z.string()).describe('Checked against the bytes of the file, not its name'),
  expiresAt: z.string().describe('ISO 8601; the policy is refused after it'),
});
export type UploadSignature = z.infer<typeof uploadSignature>;

export const uploadResult = z.object({
  key: z.string(),
  url: z.string().describe("Where the file is served ('' for a batch spreadsheet: never served)"),
  contentType: z.string(),
  sizeBytes: z.number().int(),
});
export type UploadResult = z.infer<typeof uploadResult>;
