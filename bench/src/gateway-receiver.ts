/**
 * A shop's callback endpoint for bench:gateway: answers `success`, counts arrivals and keeps
 * each event's arrival time (milliseconds since the epoch, with performance's resolution, so
 * that times taken in two processes compare). `startReceiver` runs it in the calling process;
 * run as a script (forked by `startReceiverProcess`), it is a process of its own, as a shop's
 * server is in production, driven over IPC.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

/** Now, in milliseconds since the epoch, comparable between processes. */
export const wallNow = () => performance.timeOrigin + performance.now();

export interface Receiver {
  /** The notify URL. */
  listen(): Promise<string>;
  /** Resolves once `count` more requests have arrived. */
  expect(count: number): Promise<void>;
  /** When the event `id` arrived (wallNow's clock), waiting for it if it has not. */
  arrivalOf(id: string): Promise<number>;
  close(): Promise<void>;
  /** The receiver's process id, when it runs in a process of its own. */
  pid?: number;
}

export function startReceiver(): Receiver {
  const arrivals = new Map<string, number>();
  const waiters = new Map<string, (at: number) => void>();
  let received = 0;
  let onCount: (() => void) | undefined;
  let wanted = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const at = wallNow();
      res.end('success');
      received++;
      const id = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id?: string }).id;
      if (id) {
        arrivals.set(id, at);
        waiters.get(id)?.(at);
        waiters.delete(id);
      }
      if (onCount && received >= wanted) onCount();
    });
  });
  return {
    listen: () =>
      new Promise<string>((res) =>
        server.listen(0, '127.0.0.1', () =>
          res(`http://127.0.0.1:${(server.address() as AddressInfo).port}/notify`),
        ),
      ),
    expect(count: number) {
      wanted = received + count;
      return new Promise<void>((res) => {
        onCount = () => {
          onCount = undefined;
          res();
        };
      });
    },
    arrivalOf(id: string) {
      const at = arrivals.get(id);
      if (at !== undefined) return Promise.resolve(at);
      return new Promise<number>((res) => waiters.set(id, res));
    },
    close: () =>
      new Promise<void>((res) => {
        server.closeAllConnections();
        server.close(() => res());
      }),
  };
}

type Request = { seq: number } & ({ listen: true } | { expect: number } | { arrivalOf: string });
type Answer = { seq: number; value: string | number | null };

/** The receiver in a process of its own, behind the same interface. */
export function startReceiverProcess(): Receiver {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--serve'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let seq = 0;
  const pending = new Map<number, (value: Answer['value']) => void>();
  child.on('message', (answer: Answer) => {
    pending.get(answer.seq)?.(answer.value);
    pending.delete(answer.seq);
  });
  const ask = <T extends Answer['value']>(request: Omit<Request, 'seq'>) =>
    new Promise<T>((res) => {
      const next = ++seq;
      pending.set(next, res as (value: Answer['value']) => void);
      child.send({ ...request, seq: next });
    });
  return {
    pid: child.pid,
    listen: () => ask<string>({ listen: true }),
    expect: async (count) => {
      await ask<null>({ expect: count });
    },
    arrivalOf: (id) => ask<number>({ arrivalOf: id }),
    close: async () => {
      child.disconnect();
      await new Promise((res) => child.once('exit', res));
    },
  };
}

if (process.argv.includes('--serve') && process.send) {
  const receiver = startReceiver();
  const reply = (seq: number, value: Answer['value']) => process.send?.({ seq, value } satisfies Answer);
  process.on('message', (request: Request) => {
    if ('listen' in request) void receiver.listen().then((url) => reply(request.seq, url));
    else if ('expect' in request) void receiver.expect(request.expect).then(() => reply(request.seq, null));
    else void receiver.arrivalOf(request.arrivalOf).then((at) => reply(request.seq, at));
  });
  process.on('disconnect', () => {
    void receiver.close().then(() => process.exit(0));
  });
}
