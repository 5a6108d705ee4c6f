/**
 * The load generator of bench:gateway's orders part, in a process of its own, as autocannon or
 * wrk would be: it builds, signs and sends the collection creates and reads the answers, so the
 * server's process spends its time on the server's work alone, as in production, where the
 * shops' servers are other machines. gateway.ts starts it with fork() and sends it one job at a
 * time; it answers the seconds the job took, or the first error.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { Pool } from 'undici';
import { timed } from './bench-kit';

export interface OrderJob {
  base: string;
  appId: string;
  secret: string;
  /** Merchant order numbers are `bench-<run>-<i>` for i in [from, from + count). */
  run: string;
  from: number;
  count: number;
  /** Requests in flight (and connections). */
  connections: number;
}

export type OrderJobAnswer = { seconds: number } | { error: string };

const PATH = '/api/v1/collections';

async function runJob(job: OrderJob): Promise<number> {
  const http = new Pool(job.base, { connections: job.connections });
  try {
    return await timed(job.count, job.connections, async (k) => {
      const i = job.from + k;
      const body = JSON.stringify({
        merchantOrderNo: `bench-${job.run}-${i}`,
        currency: 'USDT',
        network: 'TRON',
        amount: '10.5',
      });
      const timestamp = String(Date.now());
      const nonce = randomBytes(16).toString('hex');
      const signature = createHmac('sha256', job.secret)
        .update(`${timestamp}\n${nonce}\nPOST\n${PATH}\n${body}`, 'utf8')
        .digest('hex');
      const response = await http.request({
        method: 'POST',
        path: PATH,
        body,
        headers: {
          'content-type': 'application/json',
          'x-app-id': job.appId,
          'x-timestamp': timestamp,
          'x-nonce': nonce,
          'x-signature': signature,
        },
      });
      const answer = (await response.body.json()) as { code: number; message: string };
      if (answer.code !== 0) throw new Error(`order ${i}: ${answer.code} ${answer.message}`);
    });
  } finally {
    await http.close();
  }
}

process.on('message', (job: OrderJob) => {
  runJob(job).then(
    (seconds) => process.send?.({ seconds } satisfies OrderJobAnswer),
    (err: unknown) =>
      process.send?.({ error: err instanceof Error ? err.message : String(err) } satisfies OrderJobAnswer),
  );
});
process.on('disconnect', () => process.exit(0));
