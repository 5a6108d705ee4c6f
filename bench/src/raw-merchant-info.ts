/**
 * The floor to compare the product with: GET /front/merchant/info on bare `node:http` + `pg`,
 * with no framework, no hooks, no validation, no logging. It runs the same SQL as the product
 * (one query: the session by its token hash, joined with its merchant), decides the same way
 * (unknown token 401, ended session 4000) and answers the same JSON envelope. Started by
 * front-get.ts as its own process, like the product: DATABASE_URL, PORT.
 */
import { createHash } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import pg from 'pg';
import { SESSION_SQL } from './raw-session';

interface SessionRow {
  id: string;
  merchant_id: string;
  expires_at: Date;
  revoked_at: Date | null;
  status: string;
  email: string;
  phone: string | null;
  country_code: string | null;
  google_state: boolean;
  lang: string;
  created_at: Date;
  withdrawal_locked_until: Date | null;
}

// The product's pool size (apps/server/src/db/client.ts).
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

async function answerMerchantInfo(token: string | undefined, res: ServerResponse): Promise<void> {
  if (!token || token.length > 128) return send(res, 401, { code: 401, data: null, message: '请先登录' });
  const tokenHash = createHash('sha256').update(token, 'utf8').digest('hex');
  // A named statement, as the product's prepared query: parsed once per connection.
  const { rows } = await pool.query<SessionRow>({
    name: 'raw-session-merchant',
    text: SESSION_SQL,
    values: [tokenHash, 1],
  });
  const row = rows[0];
  if (!row) return send(res, 401, { code: 401, data: null, message: '请先登录' });
  if (row.revoked_at !== null || row.expires_at.getTime() <= Date.now() || row.status !== 'active') {
    return send(res, 401, { code: 4000, data: null, message: '登录已过期，请重新登录' });
  }
  send(res, 200, {
    code: 0,
    data: {
      merchantId: String(row.merchant_id),
      email: row.email,
      phone: row.phone,
      countryCode: row.country_code,
      googleState: row.google_state,
      lang: row.lang,
      createdAt: row.created_at.toISOString(),
      withdrawalLockedUntil:
        row.withdrawal_locked_until && row.withdrawal_locked_until.getTime() > Date.now()
          ? row.withdrawal_locked_until.toISOString()
          : null,
    },
    message: '操作成功',
  });
}

const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/health') return send(res, 200, { status: 'ok' });
  if (req.method === 'GET' && req.url === '/front/merchant/info') {
    const header = req.headers['x-auth-token'];
    answerMerchantInfo(typeof header === 'string' ? header.trim() : undefined, res).catch(() =>
      send(res, 500, { code: 500, data: null, message: 'error' }),
    );
    return;
  }
  send(res, 404, { code: 404, data: null, message: 'not found' });
});

server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  void pool.end();
});
