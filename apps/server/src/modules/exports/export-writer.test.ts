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
});
