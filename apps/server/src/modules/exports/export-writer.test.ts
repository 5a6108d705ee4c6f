import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import exceljsUtils from 'exceljs/lib/utils/utils.js';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { neutralizeCell } from './export-cells';
import { createXlsxRows } from './export-copy';
import { openXlsxSheet, writeExport } from './export-writer';

/** A slow sink (2 bytes of buffer): every batch waits for its drain. */
function slowSink() {
  const chunks: Buffer[] = [];
  const out = new Writable({
    highWaterMark: 2,
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      setImmediate(done);
    },
  });
  return { out, bytes: () => Buffer.concat(chunks), text: () => Buffer.concat(chunks).toString('utf8') };
}

async function* batches(count: number) {
  for (let i = 0; i < count; i++) yield [[`row${i}`, '-5.25', '=cmd']];
}

describe('writeExport', () => {
  it('waits for the stream between batches and leaves no listener behind', async () => {
    const sink = slowSink();
    const rows = await writeExport({
      format: 'csv',
      headers: ['a', 'b', 'c'],
      batches: batches(50),
      out: sink.out,
    });
    expect(rows).toBe(50);
    expect(sink.out.listenerCount('drain')).toBe(0);
    expect(sink.out.listenerCount('close')).toBeLessThanOrEqual(1);
    const lines = sink.text().split('\r\n');
    expect(lines[0]).toBe('\uFEFFa,b,c');
    expect(lines[1]).toBe(`row0,-5.25,'=cmd`);
  });

  it('stops reading when aborted', async () => {
    const sink = slowSink();
    const controller = new AbortController();
    let read = 0;
    async function* counted() {
      for (let i = 0; i < 100; i++) {
        read++;
        if (i === 3) controller.abort();
        yield [[String(i)]];
      }
    }
    await expect(
      writeExport({
        format: 'csv',
        headers: ['a'],
        batches: counted(),
        out: sink.out,
        signal: controller.signal,
      }),
    ).rejects.toThrow(/aborted/);
    expect(read).toBe(4);
  });

  it.each(['csv', 'xlsx'] as const)('%s: stops reading once the stream failed', async (format) => {
    let writes = 0;
    const out = new Writable({
      write(_chunk, _encoding, done) {
        writes++;
        // The disk fills up at the second chunk.
        done(writes >= 2 ? new Error('ENOSPC: no space left on device') : undefined);
      },
    });
    out.on('error', () => undefined);
    let read = 0;
    async function* counted() {
      for (let i = 0; i < 1000; i++) {
        read++;
        yield Array.from({ length: 200 }, (_, j) => [`${i}-${j}-${randomBytes(24).toString('base64')}`]);
      }
    }
    await expect(writeExport({ format, headers: ['a'], batches: counted(), out })).rejects.toThrow(
      /ENOSPC|closed/,
    );
    expect(read).toBeLessThan(20);
  });

  it('xlsx: waits for the zip, not only for the stream, so the sheet XML does not pile up', async () => {
    // Incompressible cells, about 1 MB of sheet XML per batch, into a sink that takes a chunk
    // per turn of the event loop: when batch k is asked for, the batches before k-1 must
    // already have reached the sink (deflated), not wait in the zip's buffers.
    let received = 0;
    const out = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        setImmediate(done);
      },
    });
    const receivedAtBatch: number[] = [];
    async function* big() {
      for (let i = 0; i < 12; i++) {
        receivedAtBatch.push(received);
        yield Array.from({ length: 1000 }, () => [randomBytes(768).toString('base64')]);
      }
    }
    const rows = await writeExport({ format: 'xlsx', headers: ['a'], batches: big(), out });
    expect(rows).toBe(12_000);
    // A batch deflates to about 0.8 MB (base64 is 6 bits a byte): at batch k, k-2 of them are out.
    for (let k = 3; k < receivedAtBatch.length; k++) {
      expect(receivedAtBatch[k], `batch ${k}`).toBeGreaterThan((k - 2) * 600_000);
    }
  });

  it("xlsx: writes the data rows as exceljs's own addRow().commit() does, less its optional parts", async () => {
    const headers = [
      '订单号',
      'Amount',
      'Note',
      'c4',
      'c5',
      'c6',
      'c7',
      'c8',
      'c9',
      'c10',
      'c11',
      'c12',
      'c13',
      'c14',
      'c15',
      'c16',
      'c17',
      'c18',
      'c19',
      'c20',
      'c21',
      'c22',
      'c23',
      'c24',
      'c25',
      'c26',
      'c27',
      'c28',
    ];
    const tricky = [
      '<b>&"quoted"\'apos\'</b>',
      '=HYPERLINK("x")',
      '+1',
      '-5.25',
      '@sum',
      '\tTab',
      '\rCR',
      'line\nbreak\r\nCRLF',
      'ctl\u0001\u0008\u000b\u000c\u001f\u007fend',
      '',
      '已完成 · 已到账',
      'Tiếng Việt',
      '😀 emoji',
      ' lead and trail ',
      '0.000000000000000001',
      'x'.repeat(5000),
    ];
    const rows = Array.from({ length: 300 }, (_, r) =>
      headers.map((_, c) => tricky[(r * 7 + c) % tricky.length] as string),
    );
    async function* batchesOf(size: number) {
      for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
    }
    const collect = () => {
      const chunks: Buffer[] = [];
      const out = new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
      });
      return { out, bytes: () => Buffer.concat(chunks) };
    };
    const ours = collect();
    expect(
      await writeExport({ format: 'xlsx', headers, batches: batchesOf(64), out: ours.out, sheetName: 's' }),
    ).toBe(rows.length);

    // exceljs's own row path, set up as writeExport sets up the workbook.
    const theirs = collect();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: theirs.out,
      useSharedStrings: false,
      useStyles: true,
    });
    const sheet = workbook.addWorksheet('s', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = headers.map((header) => ({
      header,
      width: Math.min(Math.max(header.length * 2, 12), 40),
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    // An empty value as exceljs's null: no cell at all.
    for (const cells of rows)
      sheet
        .addRow(
          cells.map((cell) =>
            exceljsUtils.xmlEncode(neutralizeCell(cell)) === '' ? null : neutralizeCell(cell),
          ),
        )
        .commit();
    sheet.commit();
    await workbook.commit();

    const sheetXml = async (bytes: Buffer) =>
      (await JSZip.loadAsync(bytes)).file('xl/worksheets/sheet1.xml')?.async('string');
    const expected = await sheetXml(theirs.bytes());
    expect(expected).toContain('<c r="AB301" t="str">');
    // The data rows without exceljs's optional row attributes; the header row is exceljs's own.
    const dataRowsPlain = expected?.replace(
      /<row r="(\d+)" spans="\d+:\d+" x14ac:dyDescent="0\.25">/g,
      (row, n) => (n === '1' ? row : `<row r="${n}">`),
    );
    expect(dataRowsPlain).toContain('<row r="301"><c r="A301"');
    const ourXml = await sheetXml(ours.bytes());
    expect(ourXml).toBe(dataRowsPlain);
    expect(ourXml).not.toContain('<v></v>');
  });

  it('xlsx: bytes written past the StreamBuf (the COPY path) make the same workbook, header first', async () => {
    const headers = ['No.', '金额', 'Note', 'Empty'];
    const rows = Array.from({ length: 20_000 }, (_, r) => [
      `ORDER${r}`,
      `${r}.25`,
      r % 3 === 0 ? 'a & b <c>' : `备注 ${r}`,
      r % 2 === 0 ? '' : 'x',
    ]);
    // The rows as COPY's text format gives them (tab, LF; an empty value as NULL).
    const copyText = rows
      .map((row) => `${row.map((cell) => (cell === '' ? '\\N' : cell)).join('\t')}\n`)
      .join('');
    const direct = slowSink();
    const sheet = openXlsxSheet({ headers, out: direct.out, sheetName: 's' });
    const converter = createXlsxRows();
    const bytes = Buffer.from(copyText);
    for (let from = 0; from < bytes.length; from += 65_536) {
      sheet.writeBytes(converter.convert(bytes.subarray(from, from + 65_536)));
      await sheet.drained();
    }
    await sheet.finish();

    const reference = slowSink();
    async function* batchesOfRows() {
      for (let i = 0; i < rows.length; i += 1_000) yield rows.slice(i, i + 1_000);
    }
    await writeExport({
      format: 'xlsx',
      headers,
      batches: batchesOfRows(),
      out: reference.out,
      sheetName: 's',
    });

    const sheetXml = async (zipped: Buffer) =>
      (await JSZip.loadAsync(zipped, { checkCRC32: true })).file('xl/worksheets/sheet1.xml')?.async('string');
    const ours = await sheetXml(direct.bytes());
    expect(ours?.indexOf('<row r="1"')).toBeLessThan(ours?.indexOf('<row r="2"') ?? 0);
    expect(ours).toContain('<c r="C20001" t="str"><v>备注 19999</v></c>');
    expect(ours).toBe(await sheetXml(reference.bytes()));
  }, 60_000);
});
