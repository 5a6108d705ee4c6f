import { BaseError, createPublicClient, HttpRequestError, http, TimeoutError, webSocket } from 'viem';

/**
 * A JSON-RPC connection to an EVM node, raw: the adapter reads the few fields it needs from the
 * node's own hex, without viem's formatters (a block of 200 transactions formatted field by field
 * costs more than the scan's matching). No retries here: a refused request is answered by the
 * caller (the scan narrows its range), a node that is down by the watcher's next pass.
 */
export type Rpc = <T>(method: string, params?: readonly unknown[]) => Promise<T>;

export function createRpc(
  url: string,
  options: { timeoutMs?: number } = {},
): Rpc & { close(): Promise<void> } {
  const timeout = options.timeoutMs ?? 20_000;
  const isSocket = /^wss?:/.test(url);
  const transport = isSocket
    ? webSocket(url, { retryCount: 0, timeout })
    : http(url, { retryCount: 0, timeout });
  const client = createPublicClient({ transport });
  const request = client.request as unknown as (args: {
    method: string;
    params?: readonly unknown[];
  }) => Promise<unknown>;
  const rpc = async <T>(method: string, params: readonly unknown[] = []) =>
    (await request({ method, params })) as T;
  return Object.assign(rpc, {
    /** A WebSocket's connection is closed (an http transport holds none). */
    async close() {
      if (!isSocket) return;
      const socket = client.transport as unknown as { getRpcClient?: () => Promise<{ close(): void }> };
      await socket
        .getRpcClient?.()
        .then((rpcClient) => rpcClient.close())
        .catch(() => undefined);
    },
  });
}

/**
 * Whether an error is the node (or the provider in front of it) refusing this request, as
 * opposed to not being reached at all: a timeout, no connection, rate limiting or a gateway
 * error say nothing of the request's size, so narrowing a range would not help.
 */
export function isRefusal(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false;
  const unreachable = error.walk(
    (e) =>
      e instanceof TimeoutError ||
      (e instanceof HttpRequestError && (e.status === undefined || [429, 502, 503, 504].includes(e.status))),
  );
  return unreachable === null;
}

/** The node's message of an error (viem's short message, else the error's own). */
export function messageOf(error: unknown): string {
  if (error instanceof BaseError) return error.details || error.shortMessage;
  return error instanceof Error ? error.message : String(error);
}

/** Runs `work` on every item, at most `limit` at a time, keeping the items' order in the results. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
