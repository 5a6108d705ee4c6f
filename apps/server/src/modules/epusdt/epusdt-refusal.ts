/**
 * Why a create-transaction call is refused, as epusdt says it: `status_code` 400 (the request)
 * or 401 (the application or the signature), 404 and 405 for a path or method epusdt does not
 * have (still HTTP 200), 429 for a spent request budget, and a message of
 * the `epusdt.*` (or `errors.*`) catalogue in the request's language, with its parameters.
 */
export type EpusdtStatusCode = 400 | 401 | 404 | 405 | 429;

export class EpusdtRefusal extends Error {
  constructor(
    readonly statusCode: EpusdtStatusCode,
    readonly messageKey: string,
    readonly params: Record<string, string> = {},
  ) {
    super(messageKey);
    this.name = 'EpusdtRefusal';
  }
}

export const badRequest = (messageKey: string, params: Record<string, string> = {}) =>
  new EpusdtRefusal(400, messageKey, params);

export const unauthorized = (messageKey: string, params: Record<string, string> = {}) =>
  new EpusdtRefusal(401, messageKey, params);
