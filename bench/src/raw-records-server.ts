/**
 * The floor of bench:records on PostgreSQL: the two records lists on bare `node:http` + `pg`, with
 * no framework, validation or query builder: the session by its token (the product's SQL), then
 * the capped count and the page (records-statements.ts, the product's statements written out),
 * answered as JSON. Started by records.ts as its own process: DATABASE_URL, PORT.
 */
import { createHash } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import pg from 'pg';
import { SESSION_SQL } from './raw-session';
import { type Filters, fundStatements, orderStatements, PAGE_SIZE, WINDOW } from './records-statements';

// The product's pool size (apps/server/src/db/client.ts).
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const LISTS: Record<string, typeof orderStatements> = {
  '/front/mchOrder/page': orderStatements,
  '/front/merchant/account/funds-record': fundStatements,
};

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

async function answer(statements: typeof orderStatements, token: string, raw: string, res: ServerResponse) {
  const tokenHash = createHash('sha256').update(token, 'utf8').digest('hex');
  const session = (await pool.query({ name: 'raw-session', text: SESSION_SQL, values: [tokenHash, 1] }))
    .rows[0] as { merchant_id: string; revoked_at: Date | null; expires_at: Date } | undefined;
  if (!session || session.revoked_at || session.expires_at.getTime() <= Date.now()) {
    return send(res, 200, { code: 401, data: null, message: 'login' });
  }
  const { pageNo = 1, pageSize: _size, ...filters } = JSON.parse(raw) as Filters & { pageNo?: number };
  // The orders list's `type` is the list (collection), which its statements fix; the fund flow's is a filter.
  if (statements === orderStatements) delete filters.type;
  const offset = (Number(pageNo) - 1) * PAGE_SIZE;
  const s = statements(Number(session.merchant_id), filters, offset);
  const counted = Number((await pool.query(s.count.text, s.count.params)).rows[0]?.count);
  const rows =
    counted > WINDOW || offset < counted ? (await pool.query(s.page.text, s.page.params)).rows : [];
  send(res, 200, {
    code: 0,
    data: { list: rows, total: Math.min(counted, WINDOW), totalCapped: counted > WINDOW },
    message: 'ok',
  });
}

const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/health') return send(res, 200, { status: 'ok' });
  const statements = req.method === 'POST' ? LISTS[req.url ?? ''] : undefined;
  const token = req.headers['x-auth-token'];
  if (!statements || typeof token !== 'string')
    return send(res, 404, { code: 404, data: null, message: 'not found' });
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    answer(statements, token, Buffer.concat(chunks).toString('utf8'), res).catch((error: unknown) =>
      send(res, 500, { code: 500, data: null, message: error instanceof Error ? error.message : 'error' }),
    );
  });
});

server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  void pool.end();
});
