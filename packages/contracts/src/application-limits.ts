/**
 * The limits of "My applications" and of uploads, without zod: the web reads them where it
 * renders (the icon picker's types and size) without loading the schemas (application.ts).
 */
export const APP_NAME_MAX = 64;
export const APP_DESCRIPTION_MAX = 500;
export const CALLBACK_URL_MAX = 2048;
/** The whitelist text as typed: room for its 50 entries with spaces. */
export const IP_WHITELIST_TEXT_MAX = 4000;
/** A Telegram username: 5–32 letters, digits or underscores; a leading @ is accepted and dropped. */
export const TELEGRAM_PATTERN = /^@?[A-Za-z0-9_]{5,32}$/;
/** The public APPID: `app_` and 20 lower-case hex characters (80 random bits). */
export const APP_ID_PATTERN = /^app_[0-9a-f]{20}$/;

/**
 * Upload folders a signature can be asked for (SPEC 7: payload `dir`): `icon` (an application's
 * image) and `batch` (a batch withdrawal spreadsheet, SPEC 5 "Spreadsheet upload").
 */
export const UPLOAD_DIRS = ['icon', 'batch'] as const;
export type UploadDir = (typeof UPLOAD_DIRS)[number];
/** An icon's limit. */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** A batch spreadsheet's limit: 10,000 rows take about 1 MB as .csv and less as .xlsx. */
export const BATCH_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const BATCH_UPLOAD_TYPES = [XLSX_TYPE, 'text/csv'] as const;
/** The file name must end so (SPEC 5), and its bytes must be what the name says. */
export const BATCH_UPLOAD_EXTENSIONS = ['.xlsx', '.csv'] as const;
/** Rows (below the header) one batch may hold; a larger file is refused whole. */
export const BATCH_MAX_ROWS = 10_000;
export const UPLOAD_LIMITS: Record<UploadDir, { maxBytes: number; types: readonly string[] }> = {
  icon: { maxBytes: UPLOAD_MAX_BYTES, types: UPLOAD_IMAGE_TYPES },
  batch: { maxBytes: BATCH_UPLOAD_MAX_BYTES, types: BATCH_UPLOAD_TYPES },
};
/** The largest file of any folder: what the upload route reads at most before the policy is known. */
export const UPLOAD_BODY_MAX_BYTES = Math.max(UPLOAD_MAX_BYTES, BATCH_UPLOAD_MAX_BYTES);

/** The withdrawal address whitelist (whitelist.ts): at most this many addresses, labels this long. */
export const WHITELIST_MAX_ADDRESSES = 200;
export const WHITELIST_LABEL_MAX = 40;
