import { ErrorCode } from '@tollgate/contracts';
import { AppError } from './app-error';

/**
 * application/x-www-form-urlencoded, strictly: a broken percent-escape or an empty or
 * prototype-polluting key is a malformed body (1002), where lenient parsers would guess.
 * A repeated key becomes an array, which the endpoint schema then rejects if it wants one value.
 */
export const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function decode(component: string): string {
  try {
    return decodeURIComponent(component.replace(/\+/g, ' '));
  } catch {
    throw new AppError(ErrorCode.MALFORMED_BODY);
  }
}

export function parseStrictForm(body: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const pair of body.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : decode(pair.slice(eq + 1));
    if (key === '' || FORBIDDEN_KEYS.has(key)) throw new AppError(ErrorCode.MALFORMED_BODY);
    // hasOwn, not `fields[key]`: a key like `toString` must not find the inherited method.
    const existing = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (existing === undefined) fields[key] = value;
    else fields[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return fields;
}
