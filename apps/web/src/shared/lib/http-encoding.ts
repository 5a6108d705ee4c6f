import type { Encoding } from '@tollgate/contracts';

/**
 * Body encodings of SPEC section 7. Values are sent as strings; `undefined` and `null` fields
 * are left out rather than sent as the text "undefined".
 */
type Fields = Record<string, unknown>;

function toText(value: unknown): string {
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function eachField(fields: Fields, append: (key: string, value: unknown) => void) {
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) append(key, item);
    else append(key, value);
  }
}

export function toSearchParams(fields: Fields): URLSearchParams {
  const params = new URLSearchParams();
  eachField(fields, (key, value) => params.append(key, toText(value)));
  return params;
}

export function toFormData(fields: Fields): FormData {
  const form = new FormData();
  eachField(fields, (key, value) => form.append(key, value instanceof Blob ? value : toText(value)));
  return form;
}

/** Encode a body and set the content type the encoding needs (FormData sets its own boundary). */
export function encodeBody(encoding: Encoding, fields: Fields, headers: Record<string, string>): BodyInit {
  switch (encoding) {
    case 'json':
      headers['content-type'] = 'application/json';
      return JSON.stringify(fields);
    case 'multipart':
      return toFormData(fields);
    default:
      headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      return toSearchParams(fields);
  }
}
