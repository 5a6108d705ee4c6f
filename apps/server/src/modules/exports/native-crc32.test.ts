import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import crc32 from 'crc-32';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { writeExport } from './export-writer';
import { useNativeCrc32 } from './native-crc32';

describe('the zip writer checksums with zlib.crc32', () => {
  it('patches the copy of crc-32 that crc32-stream calls, with the same values', () => {
    expect(useNativeCrc32()).toBe(true);
    // The module crc32-stream requires (exceljs → archiver → zip-stream → crc32-stream) is this
    // package's own copy, and its buf is now the native one.
    const requireFromCrcStream = createRequire(
      createRequire(
        createRequire(createRequire(require.resolve('exceljs')).resolve('archiver')).resolve('zip-stream'),
      ).resolve('crc32-stream'),
    );
    expect(requireFromCrcStream('crc-32')).toBe(crc32);
    expect(crc32.buf.name).toBe('nativeCrc32Buf');
    const data = randomBytes(100_000);
    // The running value chained over pieces, signed as crc-32 answers it.
    let chained = 0;
    for (let i = 0; i < data.length; i += 7_777) chained = crc32.buf(data.subarray(i, i + 7_777), chained);
    expect(chained >>> 0).toBe(zlib.crc32(data));
    expect(chained).toBe(zlib.crc32(data) | 0);
    // A byte array (not a buffer) still goes through the package's own code.
    expect(crc32.buf([1, 2, 3]) >>> 0).toBe(zlib.crc32(Buffer.from([1, 2, 3])));
  });

  it('writes XLSX files whose entries pass a CRC check', async () => {
    const chunks: Buffer[] = [];
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    async function* batches() {
      yield Array.from({ length: 2_000 }, (_, i) => [`row ${i}`, randomBytes(12).toString('hex'), '']);
    }
    await writeExport({ format: 'xlsx', headers: ['a', 'b', 'c'], batches: batches(), out });
    // JSZip recomputes each entry's CRC-32 with its own code and refuses a mismatch.
    const zip = await JSZip.loadAsync(Buffer.concat(chunks), { checkCRC32: true });
    expect(await zip.file('xl/worksheets/sheet1.xml')?.async('string')).toContain('<c r="B2001" t="str">');
  });
});
