import { describe, expect, it } from 'vitest';
import { chooseLogSink, createPrettyLogSink, formatLogMessage, isPrettyLogOutput } from './log-output';

describe('isPrettyLogOutput', () => {
  it('is readable lines on a terminal only', () => {
    expect(isPrettyLogOutput({ isTTY: true })).toBe(true);
    expect(isPrettyLogOutput({ isTTY: false })).toBe(false);
    expect(isPrettyLogOutput({})).toBe(false);
  });

  it('leaves a pipe to pino’s JSON', () => {
    const piped = { isTTY: false } as unknown as NodeJS.WriteStream;
    expect(chooseLogSink(piped)).toBeUndefined();
    const terminal = {
      isTTY: true,
      hasColors: () => false,
      write: () => true,
    } as unknown as NodeJS.WriteStream;
    expect(chooseLogSink(terminal)).toBeDefined();
  });
});

describe('the readable form', () => {
  const completed = {
    level: 30,
    time: Date.UTC(2026, 10, 23, 10, 12, 3, 412),
    pid: 4242,
    hostname: 'box',
    reqId: 'req-7',
    res: { statusCode: 200 },
    responseTime: 12.3456,
    msg: 'request completed',
  };

  it('folds a request line into one message', () => {
    expect(formatLogMessage(completed, 'msg')).toBe('[req-7] request completed 200 in 12 ms');
    expect(
      formatLogMessage(
        { reqId: 'req-7', req: { method: 'POST', url: '/front/login' }, msg: 'incoming request' },
        'msg',
      ),
    ).toBe('[req-7] incoming request POST /front/login');
    expect(formatLogMessage({ msg: 'shutting down', signal: 'SIGTERM' }, 'msg')).toBe('shutting down');
  });

  it('writes a line a person reads, not JSON, with the other fields below it', () => {
    const written: string[] = [];
    const sink = createPrettyLogSink({ write: (line) => written.push(line) }, false);
    sink.write(`${JSON.stringify(completed)}\n`);
    sink.write(`${JSON.stringify({ level: 40, time: completed.time, msg: 'mail not sent', to: 'a@b.c' })}\n`);
    expect(written).toHaveLength(2);
    expect(written[0]).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: \[req-7\] request completed 200 in 12 ms\n$/,
    );
    expect(written[1]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: mail not sent\n {4}to: "a@b\.c"\n$/);
    expect(written.join('')).not.toContain('pid');
  });
});
