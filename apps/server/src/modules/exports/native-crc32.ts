import zlib from 'node:zlib';
import crc32 from 'crc-32';

/**
 * The zip writer under exceljs (archiver → zip-stream → crc32-stream) checksums every byte of a
 * sheet with the `crc-32` package, in JavaScript: about 0.6 s of the event loop's time for the
 * 700 MB of XML of a million-row export. Node's `zlib.crc32` (Node 20.15 and later) computes the
 * same number natively, about four times faster. `crc-32` is a dependency of this package at
 * the version crc32-stream asks for, so npm keeps one copy of it, the one crc32-stream calls
 * through its `buf` property at each chunk; this replaces that property with the native
 * function, for bytes (a Uint8Array or Buffer; anything else, and Node without `zlib.crc32`, keeps the original).
 *
 * `buf(data, seed)` answers a signed 32-bit integer and takes the running value signed or not:
 * so does the replacement. It is installed only if both give the same value for a test text.
 */
type Crc32Buf = typeof crc32.buf;

let installed = false;

export function useNativeCrc32(): boolean {
  if (installed) return true;
  const native = (zlib as unknown as { crc32?: (data: Uint8Array, value?: number) => number }).crc32;
  if (typeof native !== 'function') return false;
  const original: Crc32Buf = crc32.buf;
  const replacement: Crc32Buf = function nativeCrc32Buf(data, seed) {
    return data instanceof Uint8Array ? native(data, (seed ?? 0) >>> 0) | 0 : original(data, seed);
  };
  const sample = Buffer.from('Tollgate 收款 <row r="2">');
  const seed = original(Buffer.from('seed'));
  if (replacement(sample, seed) !== original(sample, seed) || replacement(sample) !== original(sample))
    return false;
  (crc32 as { buf: Crc32Buf }).buf = replacement;
  installed = true;
  return true;
}
