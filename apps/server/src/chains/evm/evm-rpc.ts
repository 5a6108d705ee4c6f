import {
  BaseError,
  createPublicClient,
  HttpRequestError,
  http,
  RpcRequestError,
  TimeoutError,
  webSocket,
} from 'viem';
import { getHttpRpcClient } from 'viem/utils';

/**
 * A JSON-RPC connection to an EVM node, raw: the adapter reads the few fields it needs from the
 * node's own hex, without viem's formatters (a block of 200 transactions formatted field by field
 * costs more than the scan's matching). No retries here: a refused request is answered by the
 * caller (the scan narrows its range), a node that is down by the watcher's next pass.
 */
export type Rpc = <T>(method: string, params?: readonly unknown[]) => Promise<T>;

export interface RpcConnection extends Rpc {
  /**
   * One method asked with each of `paramsList`, the answers in the same order. Over http, in
   * JSON-RPC batches of BATCH_SIZE calls, `limit` batches in flight; over a WebSocket, or once
   * the node (or the provider in front of it) has refused a batch, one request a call, `limit`
   * in flight. A call the node answers with an error fails the whole (as a single request would).
   */
  batch<T>(method: string, paramsList: readonly (readonly unknown[])[], limit: number): Promise<T[]>;
  /** A WebSocket's connection is closed (an http transport holds none). */
  close(): Promise<void>;
}

/**
 * Calls a JSON-RPC batch holds at most: providers cap batches (commonly at 100 to 1,000 calls, some
 * lower), and one answer holding 50 receipts is already small beside a block of transactions.
 */
const BATCH_SIZE = 50;

interface BatchAnswer {
  id?: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

export function createRpc(url: string, options: { timeoutMs?: number } = {}): RpcConnection {
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

  const httpClient = isSocket ? null : getHttpRpcClient(url, { timeout });
  // A node that answered a batch with anything but an answer per call does not take batches:
  // one request a call from then on.
  let batchesRefused = httpClient === null;
  const oneByOne = <T>(method: string, paramsList: readonly (readonly unknown[])[], limit: number) =>
    mapLimit(paramsList, limit, (params) => rpc<T>(method, params));

  // One batch; when it is refused, its calls one at a time (the other batches in flight keep
  // the `limit` of requests at once).
  const batchOf = async <T>(method: string, paramsList: readonly (readonly unknown[])[]) => {
    const limit = 1;
    if (batchesRefused || !httpClient || paramsList.length === 1)
      return oneByOne<T>(method, paramsList, limit);
    const body = paramsList.map((params, id) => ({ id, method, params }));
    let data: unknown;
    try {
      data = await httpClient.request({ body });
    } catch (error) {
      // Not reached (a timeout, rate limiting, a gateway error): the caller's, as for one request.
      if (error instanceof BaseError && isUnreachable(error)) throw error;
      batchesRefused = true;
      return oneByOne<T>(method, paramsList, limit);
    }
    const byId = new Map(
      (Array.isArray(data) ? (data as BatchAnswer[]) : []).map((answer) => [answer?.id, answer]),
    );
    const answers = body.map(({ id }) => byId.get(id));
    if (answers.some((answer) => answer === undefined)) {
      // Not an answer a call (a whole-batch error, or ids that are not ours): no batches.
      batchesRefused = true;
      return oneByOne<T>(method, paramsList, limit);
    }
    // Every call refused alike can be the batch refused (a cap on its size, on its methods):
    // ask them one by one, which either answers or gives each call's own error.
    if (answers.every((answer) => answer?.error)) return oneByOne<T>(method, paramsList, limit);
    return answers.map((answer, i) => {
      if (answer?.error) {
        throw new RpcRequestError({ body: body[i] ?? {}, error: answer.error, url });
      }
      return answer?.result as T;
    });
  };

  return Object.assign(rpc, {
    async batch<T>(method: string, paramsList: readonly (readonly unknown[])[], limit: number) {
      if (paramsList.length === 0) return [];
      if (batchesRefused) return oneByOne<T>(method, paramsList, limit);
      const chunks: (readonly unknown[])[][] = [];
      for (let i = 0; i < paramsList.length; i += BATCH_SIZE)
        chunks.push(paramsList.slice(i, i + BATCH_SIZE));
      return (await mapLimit(chunks, limit, (chunk) => batchOf<T>(method, chunk))).flat();
    },
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

/**
 * A batch not reached: as above, and an error answer that came with the status of rate limiting
 * or of a gateway (RpcRequestError, a JSON-RPC error in the body of a 429 or a 5xx).
 */
function isUnreachable(error: BaseError): boolean {
  if (!isRefusal(error)) return true;
  const status = error.walk((e) => e instanceof RpcRequestError) as RpcRequestError | null;
  return status?.status !== undefined && (status.status === 429 || status.status >= 500);
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
