import { createHash } from 'node:crypto';
import { Money } from '@tollgate/contracts';
import { hexEquals } from '../applications/app-secret';
import type { JsonMember } from './json-members';

/**
 * epusdt's signature: lower-case hex MD5 of the parameters except `signature` and empty values,
 * sorted by key (byte order), joined as `key=value` with `&`, with the token appended.
 *
 * A value's text: a string as it is; `true` "1", `false` and `null` empty (PHP's casts); an
 * object or array has none (refused). A number is signed, first, exactly as written in the JSON
 * text (`28.88`, `10`, `10.0`: what JS, Python and Java clients sign). Two other renderings of
 * the same number are also accepted, because the plugins in the field sign a float and send
 * another text for it: PHP casts with 14 significant digits (`precision`), so a computed
 * 0.30000000000000004 is signed "0.3" while json_encode sends it in full, and a client sending
 * `10.0` signs "10"; Go's epusdt signs the shortest float form (FormatFloat 'f', -1). Every
 * rendering names the same number, so the order is the same whichever one verified.
 */
export class EpusdtValueError extends Error {
  constructor(readonly key: string) {
    super(`epusdt parameter ${key} is neither a string nor a number`);
  }
}

export type NumberRendering = 'source' | 'float' | 'php';
const RENDERINGS: readonly NumberRendering[] = ['source', 'float', 'php'];

export function md5Hex(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

/** The string that is hashed (before the token): `a=1&b=x`. */
export function epusdtSignedText(params: Iterable<[string, string]>): string {
  return [...params]
    .filter(([key, value]) => key !== 'signature' && value !== '')
    .sort(([a], [b]) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

export function signEpusdt(params: Iterable<[string, string]>, token: string): string {
  return md5Hex(epusdtSignedText(params) + token);
}

/** A member's text for the signature; throws EpusdtValueError for an object or array. */
export function memberSignText(key: string, member: JsonMember, rendering: NumberRendering): string {
  switch (member.kind) {
    case 'string':
      return member.value;
    case 'number':
      return renderNumber(member.raw, rendering);
    case 'true':
      return '1';
    case 'false':
    case 'null':
      return '';
    default:
      throw new EpusdtValueError(key);
  }
}

function renderNumber(raw: string, rendering: NumberRendering): string {
  if (rendering === 'source') return raw;
  const float = Number(raw);
  if (!Number.isFinite(float)) return raw;
  return rendering === 'float' ? shortestFloatText(float) : phpFloatText(float);
}

/** Go's strconv.FormatFloat(f, 'f', -1, 64): the shortest round-trip digits, never an exponent. */
export function shortestFloatText(float: number): string {
  return new Money(String(float)).toFixed();
}

/**
 * PHP's `(string) $float` with the default precision of 14: 14 significant digits, trailing
 * zeros dropped, `1.0E-5` / `1.0E+14` style below 1e-4 and from 1e14 up. (An exact binary tie at the 15th digit
 * rounds up here and to even in PHP; no amount within our limits is one.)
 */
export function phpFloatText(float: number): string {
  if (float === 0) return Object.is(float, -0) ? '-0' : '0';
  const [mantissa = '', exponentText = '0'] = float.toExponential(13).split('e');
  const exponent = Number(exponentText);
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace(/[-.]/g, '').replace(/0+$/, '');
  const sign = negative ? '-' : '';
  if (exponent < -4 || exponent >= 14) {
    const rest = digits.slice(1) || '0';
    return `${sign}${digits[0]}.${rest}E${exponent < 0 ? '-' : '+'}${Math.abs(exponent)}`;
  }
  return new Money(`${sign}${digits[0]}.${digits.slice(1) || '0'}e${exponent}`).toFixed();
}

/** The smallest number PHP writes without an exponent (`(string) 0.00009` is "9.0E-5"). */
export const MIN_PORTABLE_NUMBER = '0.0001';

/**
 * Whether a canonical decimal, sent as a JSON number, reads back as the same text wherever a
 * plugin decodes it and signs "$key=$val": PHP's string cast of json_decode's float (14
 * significant digits, an exponent below 1e-4 and from 1e14), Go's shortest float (FormatFloat
 * 'f', -1; fmt's %v, an exponent below 1e-4 and from 1e21) and JavaScript's String(number) (an
 * exponent below 1e-6). So: from 0.0001 to below 10^14, at most 14 significant digits. A
 * notify's numbers must all be, or some plugin signs another string than ours and never
 * accepts the payment. (As JSON strings PHP and JS would read them, but Go's epusdt structs
 * decode the amounts into float64 and refuse a string: no rendering serves all for the rest.)
 */
export function isPortableNumber(decimal: string): boolean {
  const float = Number(decimal);
  return (
    Number.isFinite(float) &&
    phpFloatText(float) === decimal &&
    shortestFloatText(float) === decimal &&
    String(float) === decimal
  );
}

/**
 * Whether `signature` is one of the accepted signatures of these members (compared in
 * constant time). Throws EpusdtValueError when a member cannot be signed at all.
 */
export function isEpusdtSignatureValid(
  members: ReadonlyMap<string, JsonMember>,
  token: string,
  signature: string,
): boolean {
  const texts = new Set<string>();
  for (const rendering of RENDERINGS) {
    const params: [string, string][] = [];
    for (const [key, member] of members) {
      if (key !== 'signature') params.push([key, memberSignText(key, member, rendering)]);
    }
    texts.add(epusdtSignedText(params));
  }
  let valid = false;
  for (const text of texts) {
    // Every candidate is compared, so the time says nothing about which one matched.
    if (hexEquals(md5Hex(text + token), signature.toLowerCase())) valid = true;
  }
  return valid;
}
