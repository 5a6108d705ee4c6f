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

/** Upload folders a signature can be asked for (SPEC 7: payload `dir`). */
export const UPLOAD_DIRS = ['icon'] as const;
export type UploadDir = (typeof UPLOAD_DIRS)[number];
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
