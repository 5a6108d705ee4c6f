import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * An HTTP proxy in front of a Bitcoin-family node's JSON-RPC, for the Doge adapter's tests: it
 * records every call the adapter makes (method and params, batches unrolled), so a test can
 * check the adapter asks only what Dogecoin Core 1.14 answers (litecoind accepts more), and it
 * can play a node that does not answer (`down`: HTTP 503 without a body, as a node warming up).
 * Credentials in `url` are forwarded as the request's own Authorization header.
 */
export interface DogeRpcProxy {
  /** RPC_URL_DOGE through the proxy (the node's credentials). */
  url: string;
  calls: { method: string; params: unknown[] }[];
  down: boolean;
  close(): Promise<void>;
}

export async function startDogeRpcProxy(nodeUrl: string): Promise<DogeRpcProxy> {
  const target = new URL(nodeUrl);
  const credentials = `${target.username}:${target.password}`;
  target.username = '';
  target.password = '';
  const proxy: DogeRpcProxy = {
    url: '',
    calls: [],
    down: false,
    close: async () => {},
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (proxy.down) {
        response.writeHead(503).end();
        return;
      }
      const body = Buffer.concat(chunks).toString();
      const parsed = JSON.parse(body) as
        | { method: string; params?: unknown[] }
        | { method: string; params?: unknown[] }[];
      for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
        proxy.calls.push({ method: call.method, params: call.params ?? [] });
      }
      fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: request.headers.authorization ?? '' },
        body,
      }).then(
        async (answer) => {
          response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
        },
        () => response.writeHead(502).end(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  proxy.url = `http://${credentials}@127.0.0.1:${port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}
