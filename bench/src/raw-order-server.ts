/**
 * The floor of bench:gateway's signed order create on PostgreSQL: `POST /api/v1/collections` on
 * bare `node:http` + `pg`, with no framework, no validation library, no group commit, no drizzle:
 * the application looked up by its id, the signature checked (HMAC-SHA256 over the same string
 * to sign), the nonce claimed, the order's address derived as the product does (BIP-44, Tron),
 * then the order inserted, one statement after another, and the same envelope answered.
 * The order's other columns come from a template row, one of the application's orders the product
 * made. Started by gateway.ts as its own process: DATABASE_URL, PORT, APP_SECRET, TEMPLATE_ORDER_ID.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';
import { createHdWallet } from '../../apps/server/src/chains/hd-wallet';

const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const PATH = '/api/v1/collections';
// The product's pool size (apps/server/src/db/client.ts).
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const secret = process.env.APP_SECRET ?? '';
const wallet = createHdWallet(MNEMONIC);
// Far above the product's indexes: the raw orders' addresses never collide with its own.
let addressIndex = 1_000_000_000;

interface Template {
  columns: string[];
  row: Record<string, unknown>;
}
let template: Template | undefined;

async function loadTemplate(): Promise<Template> {
  const { rows } = await pool.query('select * from orders where id = $1', [process.env.TEMPLATE_ORDER_ID]);
  const row = rows[0] as Record<string, unknown> | undefined;
  if (!row) throw new Error('no template order');
  return { row, columns: Object.keys(row).filter((column) => column !== 'id') };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

const refuse = (res: ServerResponse, code: number, message: string) =>
  send(res, 200, { code, data: null, message });

async function create(req: IncomingMessage, raw: string, res: ServerResponse): Promise<void> {
  const header = (name: string) => {
    const value = req.headers[name];
    return typeof value === 'string' ? value : '';
  };
  const appId = header('x-app-id');
  const timestamp = header('x-timestamp');
  const nonce = header('x-nonce');
  const signature = header('x-signature');
  const app = (
    await pool.query({
      name: 'raw-app',
      text:
        'select a.id, a.merchant_id, a.ip_whitelist, a.secret_sealed, a.secret_version, a.deleted_at, m.status as merchant_status ' +
        'from applications a join merchants m on m.id = a.merchant_id where a.app_id = $1',
      values: [appId],
    })
  ).rows[0] as { id: string; deleted_at: Date | null; merchant_status: string } | undefined;
  if (!app || app.deleted_at || app.merchant_status !== 'active')
    return refuse(res, 2001, 'unknown application');
  const expected = createHmac('sha256', secret)
    .update(`${timestamp}\n${nonce}\nPOST\n${PATH}\n${raw}`, 'utf8')
    .digest();
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return refuse(res, 2004, 'bad signature');
  const body = JSON.parse(raw) as {
    merchantOrderNo: string;
    currency: string;
    network: string;
    amount: string;
  };
  const now = new Date();
  const claimed = await pool.query({
    name: 'raw-nonce',
    text: 'insert into api_nonces (application_id, nonce, seen_at) values ($1, $2, $3) on conflict do nothing returning nonce',
    values: [app.id, nonce, now],
  });
  if (claimed.rowCount === 0) return refuse(res, 2003, 'nonce used');
  template ??= await loadTemplate();
  const orderNo = `R${now.getTime()}${randomBytes(5).toString('hex')}`;
  const payAddress = wallet.deriveAddress('tron', addressIndex++);
  const row: Record<string, unknown> = {
    ...template.row,
    order_no: orderNo,
    merchant_order_no: body.merchantOrderNo,
    amount: body.amount,
    currency: body.currency,
    network: body.network,
    pay_address: payAddress,
    created_at: now,
    updated_at: now,
  };
  const columns = template.columns;
  const inserted = await pool.query({
    name: 'raw-order',
    text: `insert into orders (${columns.join(', ')}) values (${columns.map((_, k) => `$${k + 1}`).join(', ')}) on conflict do nothing returning order_no`,
    values: columns.map((column) => row[column]),
  });
  if (inserted.rowCount === 0) return refuse(res, 3001, 'merchant order number taken');
  send(res, 200, {
    code: 0,
    data: {
      orderNo,
      merchantOrderNo: body.merchantOrderNo,
      amount: body.amount,
      payAddress,
      status: 'pending',
    },
    message: 'ok',
  });
}

const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/health') return send(res, 200, { status: 'ok' });
  if (req.method !== 'POST' || req.url !== PATH)
    return send(res, 404, { code: 404, data: null, message: 'not found' });
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    create(req, Buffer.concat(chunks).toString('utf8'), res).catch((error: unknown) =>
      send(res, 500, { code: 500, data: null, message: error instanceof Error ? error.message : 'error' }),
    );
  });
});

server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  void pool.end();
});
