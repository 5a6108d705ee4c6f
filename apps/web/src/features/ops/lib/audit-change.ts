/**
 * An audit entry's `before` and `after` (any JSON the server recorded) as lines a person reads:
 * for objects, each field that changed as `field: before → after` (unchanged fields left out);
 * otherwise the two values side by side. Nothing on either side gives no lines.
 */
export interface ChangeLine {
  field: string | null;
  before: string;
  after: string;
}

const EMPTY = '-';

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function describeChange(before: unknown, after: unknown): ChangeLine[] {
  const isNothing = (value: unknown) => value === null || value === undefined;
  if (isNothing(before) && isNothing(after)) return [];
  if ((isRecord(before) || isNothing(before)) && (isRecord(after) || isNothing(after))) {
    const from = (before ?? {}) as Record<string, unknown>;
    const to = (after ?? {}) as Record<string, unknown>;
    const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
    return fields
      .filter((field) => show(from[field]) !== show(to[field]))
      .map((field) => ({ field, before: show(from[field]), after: show(to[field]) }));
  }
  return [{ field: null, before: show(before), after: show(after) }];
}
