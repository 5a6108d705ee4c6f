/**
 * The longest text each records filter takes (the order records, the fund flow, the asset
 * records), without zod: the schemas (order-records.ts, assets.ts) refuse longer with
 * "Too long", and the web's filters say it beside the field before searching.
 */
export const FILTER_TEXT_MAX = {
  currency: 16,
  /** A transaction hash. */
  hash: 128,
  address: 128,
  appName: 64,
  /** A merchant's or the platform's order number. */
  orderNo: 64,
  merchantId: 20,
} as const;
