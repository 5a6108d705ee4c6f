import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Hex, hexToBigInt } from 'viem';
import { vi } from 'vitest';
import type { Anvil } from './anvil';
import { hmacHex, newNonce } from './signed-api';

/**
 * Helpers for tests that run server.ts as processes against a live node (anvil, issue 32 §5.7
 * and §5.10; litecoind -regtest, issue 33 §7): a JSON-RPC proxy between a server process and the
 * node (either dialect), signed merchant API calls over HTTP,
 * polling for an event with a deadline, and the transactions a wallet has mined.
 */

/**
 * Waits until `check` answers something other than undefined/false, through vitest's own
 * `vi.waitFor` (a poll with a deadline); fails after `timeoutMs`, naming what it waited for.
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  timeoutMs = 60_000,
): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await check();
      if (value === undefined || value === false) throw new Error(`${what}: not yet`);
      return value;
    },
    { timeout: timeoutMs, interval: 100 },
  );
}

/**
 * What the proxy does with a raw transaction (eth_sendRawTransaction, or a Bitcoin-family node's
 * sendrawtransaction): forward it; refuse it (a JSON-RPC error, nothing reaches the node); or
 * forward it and, once the node has answered, call `onAnswered` and never reply.
 */
export type RawMode =
  | { kind: 'forward' }
  | { kind: 'refuse' }
  | { kind: 'answer-then'; onAnswered: () => void | Promise<void> };

interface RpcCall {
  id?: unknown;
  method?: string;
  params?: unknown[];
}

/**
 * The node's JSON-RPC dialect: an EVM node's (JSON-RPC 2.0, eth_sendRawTransaction, no
 * credentials), or a Bitcoin-family node's (Dogecoin Core, litecoind: sendrawtransaction, HTTP
 * basic auth, JSON-RPC 1.0 errors as `{ result: null, error, id }`, HTTP 500 for a single call).
 */
export type RpcDialect = 'evm' | 'bitcoin';

const RAW_METHOD: Record<RpcDialect, string> = {
  evm: 'eth_sendRawTransaction',
  bitcoin: 'sendrawtransaction',
};

export interface RpcProxy {
  /** The node's URL through the proxy, with the node's credentials when its URL carries them. */
  url: string;
  mode: RawMode;
  /** Every raw transaction seen, in order, with what was done with it (EVM: 0x hex; Bitcoin: bare hex). */
  raws: { raw: string; done: 'forwarded' | 'refused' | 'answered-unreplied' }[];
  /** How many calls of each method passed, and when the last did (Date.now()). */
  calls: Map<string, { count: number; lastAt: number }>;
  close(): Promise<void>;
}

/**
 * A JSON-RPC proxy in front of `target`. Batches (arrays) are looked into: a batch holding a raw
 * transaction is refused whole, or forwarded whole. Credentials in `target`
 * (`http://user:pass@host:port`) are kept in `url`; the caller's Authorization header is passed
 * through (a Bitcoin-family node checks it), else the target's credentials are sent.
 */
export async function startRpcProxy(
  target: string,
  options: { dialect?: RpcDialect } = {},
): Promise<RpcProxy> {
  const dialect = options.dialect ?? 'evm';
  const rawMethod = RAW_METHOD[dialect];
  const node = new URL(target);
  const credentials =
    node.username || node.password ? { user: node.username, pass: node.password } : undefined;
  node.username = '';
  node.password = '';
  const endpoint = node.toString();
  const ownAuthorization = credentials
    ? `Basic ${Buffer.from(`${decodeURIComponent(credentials.user)}:${decodeURIComponent(credentials.pass)}`).toString('base64')}`
    : undefined;
  const proxy: RpcProxy = {
    url: '',
    mode: { kind: 'forward' },
    raws: [],
    calls: new Map(),
    close: async () => {},
  };
  const forward = async (body: string, authorization: string | undefined) => {
    const auth = authorization ?? ownAuthorization;
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
      body,
    });
    return { status: response.status, text: await response.text() };
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const parsed = JSON.parse(body) as RpcCall | RpcCall[];
    const calls = Array.isArray(parsed) ? parsed : [parsed];
    for (const call of calls) {
      const seen = proxy.calls.get(call.method ?? '') ?? { count: 0, lastAt: 0 };
      proxy.calls.set(call.method ?? '', { count: seen.count + 1, lastAt: Date.now() });
    }
    const raw = calls.find((call) => call.method === rawMethod) as
      | (RpcCall & { params: [string] })
      | undefined;
    const reply = (answer: { status: number; text: string }) => {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.text);
    };
    const authorization = req.headers.authorization;
    if (!raw) return reply(await forward(body, authorization));
    const mode = proxy.mode;
    if (mode.kind === 'refuse') {
      proxy.raws.push({ raw: raw.params[0], done: 'refused' });
      const error = { code: dialect === 'evm' ? -32000 : -26, message: 'refused by the test proxy' };
      const refusal = (call: RpcCall) =>
        dialect === 'evm' ? { jsonrpc: '2.0', id: call.id, error } : { result: null, error, id: call.id };
      const text = JSON.stringify(Array.isArray(parsed) ? calls.map(refusal) : refusal(raw));
      // Bitcoin Core answers a single call's error with HTTP 500 (a batch with 200).
      return reply({ status: dialect === 'bitcoin' && !Array.isArray(parsed) ? 500 : 200, text });
    }
    const answer = await forward(body, authorization);
    if (mode.kind === 'forward') {
      proxy.raws.push({ raw: raw.params[0], done: 'forwarded' });
      return reply(answer);
    }
    proxy.raws.push({ raw: raw.params[0], done: 'answered-unreplied' });
    await mode.onAnswered();
    // Never answered: the caller is gone by now.
    res.destroy();
  };
  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.url = credentials ? `http://${credentials.user}:${credentials.pass}@${address}` : `http://${address}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}

export interface ApiShop {
  appId: string;
  secret: string;
}

/** A signed merchant API call to a server process (the scheme as test/helpers/signed-api.ts writes it). */
export async function callApi(
  base: string,
  shop: ApiShop,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: the envelope's data differs per call.
): Promise<{ code: number; data: any; message: string }> {
  const body = payload === undefined ? '' : JSON.stringify(payload);
  const timestamp = String(Date.now());
  const nonce = newNonce();
  const signature = hmacHex(shop.secret, `${timestamp}\n${nonce}\n${method}\n${url}\n${body}`);
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      'x-app-id': shop.appId,
      'x-timestamp': timestamp,
      'x-nonce': nonce,
      'x-signature': signature,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { body }),
  });
  return (await response.json()) as { code: number; data: unknown; message: string } as never;
}

/** Every mined transaction sent from `from`, block by block from genesis to the head: its nonce and hash. */
export async function minedFrom(anvil: Anvil, from: string): Promise<{ nonce: number; hash: string }[]> {
  const head = await anvil.head();
  const found: { nonce: number; hash: string }[] = [];
  for (let height = 0; height <= head; height += 1) {
    const block = await anvil.rpc<{ transactions: { from: string; nonce: Hex; hash: string }[] }>(
      'eth_getBlockByNumber',
      [`0x${height.toString(16)}`, true],
    );
    for (const tx of block.transactions) {
      if (tx.from.toLowerCase() === from.toLowerCase()) {
        found.push({ nonce: Number(hexToBigInt(tx.nonce)), hash: tx.hash });
      }
    }
  }
  return found;
}

/** anvil's pending pool: the hashes waiting, from every sender. */
export async function pendingHashes(anvil: Anvil): Promise<string[]> {
  const content = await anvil.rpc<{ pending: Record<string, Record<string, { hash: string }>> }>(
    'txpool_content',
  );
  return Object.values(content.pending).flatMap((byNonce) => Object.values(byNonce).map((tx) => tx.hash));
}
