import { XLSX_TYPE } from '@tollgate/contracts';

/**
 * What a batch withdrawal upload really is, by its bytes (SPEC 5 "Spreadsheet upload"), never by
 * its name alone:
 * - .xlsx: a zip whose central directory lists the OOXML parts a workbook has
 *   (`[Content_Types].xml` and `xl/workbook.xml`): a .docx, a .jar or a renamed .zip is not one;
 * - .csv: text, UTF-8 with or without its byte order mark, and no NUL byte (which no text file
 *   holds and every binary format does).
 * The zip's listing also gives the sizes once unpacked, which the reader bounds (a zip bomb).
 */
export const SPREADSHEET_TYPES = { xlsx: XLSX_TYPE, csv: 'text/csv' } as const;
export type SpreadsheetKind = keyof typeof SPREADSHEET_TYPES;

export interface ZipEntry {
  name: string;
  uncompressedSize: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;

/** The entries of a zip's central directory, or null when the bytes are not a readable zip. */
export function listZipEntries(bytes: Uint8Array): ZipEntry[] | null {
  if (bytes.length < 22 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record sits in the last 22 bytes plus at most a 65,535-byte comment.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL) return null;
    const uncompressedSize = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (at + 46 + nameLength > bytes.length) return null;
    entries.push({ name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)), uncompressedSize });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

export function isXlsx(bytes: Uint8Array): boolean {
  const names = new Set(listZipEntries(bytes)?.map((entry) => entry.name));
  return names.has('[Content_Types].xml') && names.has('xl/workbook.xml');
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function isCsvText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

export function detectSpreadsheetKind(bytes: Uint8Array): SpreadsheetKind | null {
  if (isXlsx(bytes)) return 'xlsx';
  // A zip that is not a workbook is no text either (and may hold no NUL in its first bytes).
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03) return null;
  return isCsvText(bytes) ? 'csv' : null;
}

/** The extension a file name ends with, lower-cased with its dot ('' for none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot).toLowerCase();
}
