import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { writeExport } from './export-writer';

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
  return { out, text: () => Buffer.concat(chunks).toString('utf8') };
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
});
