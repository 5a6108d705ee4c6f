import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Hex, hexToBigInt } from 'viem';
import { vi } from 'vitest';
import type { Anvil } from './anvil';
import { hmacHex, newNonce } from './signed-api';

/**
 * Helpers for tests that run server.ts as processes against anvil (issue 32 §5.7 and §5.10):
 * a JSON-RPC proxy between a server process and the node, signed merchant API calls over HTTP,
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
 * What the proxy does with eth_sendRawTransaction: forward it; refuse it (a JSON-RPC error,
 * nothing reaches the node); or forward it and, once the node has answered, call `onAnswered`
 * and never reply.
 */
export type RawMode =
  | { kind: 'forward' }
  | { kind: 'refuse' }
  | { kind: 'answer-then'; onAnswered: () => void | Promise<void> };

interface RpcCall {
  id?: unknown;
  method?: string;
}

export interface RpcProxy {
  url: string;
  mode: RawMode;
  /** Every eth_sendRawTransaction seen, in order, with what was done with it. */
  raws: { raw: Hex; done: 'forwarded' | 'refused' | 'answered-unreplied' }[];
  /** How many calls of each method passed, and when the last did (Date.now()). */
  calls: Map<string, { count: number; lastAt: number }>;
  close(): Promise<void>;
}

export async function startRpcProxy(target: string): Promise<RpcProxy> {
  const proxy: RpcProxy = {
    url: '',
    mode: { kind: 'forward' },
    raws: [],
    calls: new Map(),
    close: async () => {},
  };
  const forward = async (body: string) => {
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    return response.text();
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
    const raw = calls.find((call) => call.method === 'eth_sendRawTransaction') as
      | (RpcCall & { params: [Hex] })
      | undefined;
    const reply = (text: string) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(text);
    };
    if (!raw) return reply(await forward(body));
    const mode = proxy.mode;
    if (mode.kind === 'refuse') {
      proxy.raws.push({ raw: raw.params[0], done: 'refused' });
      const refusal = (call: RpcCall) => ({
        jsonrpc: '2.0',
        id: call.id,
        error: { code: -32000, message: 'refused by the test proxy' },
      });
      return reply(JSON.stringify(Array.isArray(parsed) ? calls.map(refusal) : refusal(raw)));
    }
    const answer = await forward(body);
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
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
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
