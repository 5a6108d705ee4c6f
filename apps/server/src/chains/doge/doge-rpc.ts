import { parse } from 'lossless-json';

/**
 * A JSON-RPC connection to a Dogecoin Core node (1.14; in the tests Litecoin Core's regtest,
 * which speaks the same calls). Bitcoin-family nodes take HTTP basic auth: RPC_URL_DOGE carries
 * it (`http://user:pass@host:port`), and it is sent as a header, never in the request URL.
 *
 * Every number of an answer is kept as its source text (lossless-json): amounts are decimal
 * strings exactly as the node wrote them ("0.10000000"), never a float; callers read counts and
 * heights with `int`. No retries here: a node that is down is the watcher's next pass.
 */
export class DogeRpcError extends Error {
  constructor(
    readonly method: string,
    /** The node's error code (RPC_INVALID_ADDRESS_OR_KEY -5 …); undefined when not reached. */
    readonly code: number | undefined,
    message: string,
  ) {
    super(`${method}: ${message}`);
    this.name = 'DogeRpcError';
  }
}

/** Bitcoin Core's "no such transaction / block" (RPC_INVALID_ADDRESS_OR_KEY). */
export const RPC_NOT_FOUND = -5;
/** sendrawtransaction: already in the chain (RPC_VERIFY_ALREADY_IN_CHAIN). */
export const RPC_ALREADY_IN_CHAIN = -27;
/** sendrawtransaction: rejected (RPC_VERIFY_REJECTED; "txn-already-in-mempool", "missing-inputs" …). */
export const RPC_VERIFY_REJECTED = -26;
/** sendrawtransaction: an input is missing or spent (RPC_VERIFY_ERROR). */
export const RPC_VERIFY_ERROR = -25;

export interface DogeRpcOptions {
  /**
   * The answer holds no amount (block hashes, raw transaction hex, heights): parsed with
   * JSON.parse, numbers as JS numbers. The lossless parser builds strings a character at a time,
   * which on a scan's raw transactions was most of its time (in garbage collection).
   */
  plain?: boolean;
}

export interface DogeRpc {
  call<T = unknown>(method: string, params?: readonly unknown[], options?: DogeRpcOptions): Promise<T>;
  /**
   * One method asked with each of `paramsList`, in JSON-RPC batches (the node's own batching);
   * the answers in order. A call the node answers with an error fails the whole.
   */
  batch<T = unknown>(
    method: string,
    paramsList: readonly (readonly unknown[])[],
    options?: DogeRpcOptions,
  ): Promise<T[]>;
}

/** Calls a batch holds at most: a block's transactions are asked for in batches of this size. */
const BATCH_SIZE = 100;

interface Answer {
  id?: unknown;
  result?: unknown;
  error?: { code?: unknown; message?: unknown } | null;
}

export function createDogeRpc(url: string, options: { timeoutMs?: number } = {}): DogeRpc {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const target = new URL(url);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (target.username || target.password) {
    const user = decodeURIComponent(target.username);
    const pass = decodeURIComponent(target.password);
    headers.authorization = `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
    target.username = '';
    target.password = '';
  }
  const endpoint = target.toString();
  let nextId = 0;

  const post = async (method: string, body: unknown, options: DogeRpcOptions = {}): Promise<unknown> => {
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new DogeRpcError(method, undefined, `node not reached (${(error as Error).message})`);
    }
    const text = await response.text();
    // Bitcoin Core answers an RPC error with HTTP 500 and the error in the body; 401 and 403
    // (credentials), 404 (path) and 503 (warming up) carry no JSON.
    if (!text.trim().startsWith('{') && !text.trim().startsWith('[')) {
      throw new DogeRpcError(method, undefined, `HTTP ${response.status} ${response.statusText}`.trim());
    }
    return options.plain ? JSON.parse(text) : parse(text, undefined, (source) => source);
  };

  const resultOf = <T>(method: string, answer: Answer | undefined): T => {
    if (!answer) throw new DogeRpcError(method, undefined, 'no answer');
    if (answer.error) {
      const code = answer.error.code === undefined ? undefined : Number(answer.error.code);
      throw new DogeRpcError(method, code, String(answer.error.message ?? 'error'));
    }
    return answer.result as T;
  };

  return {
    async call<T>(method: string, params: readonly unknown[] = [], options?: DogeRpcOptions) {
      nextId += 1;
      const answer = (await post(method, { jsonrpc: '1.0', id: nextId, method, params }, options)) as Answer;
      return resultOf<T>(method, answer);
    },
    async batch<T>(method: string, paramsList: readonly (readonly unknown[])[], options?: DogeRpcOptions) {
      const out: T[] = [];
      for (let start = 0; start < paramsList.length; start += BATCH_SIZE) {
        const chunk = paramsList.slice(start, start + BATCH_SIZE);
        const first = nextId + 1;
        nextId += chunk.length;
        const body = chunk.map((params, i) => ({ jsonrpc: '1.0', id: first + i, method, params }));
        const answers = await post(method, body, options);
        if (!Array.isArray(answers)) throw new DogeRpcError(method, undefined, 'batch not answered');
        const byId = new Map<number, Answer>();
        for (const answer of answers as Answer[]) byId.set(Number(answer.id), answer);
        for (let i = 0; i < chunk.length; i += 1) out.push(resultOf<T>(method, byId.get(first + i)));
      }
      return out;
    },
  };
}

/** A count or height of an answer (kept as text by the parser) as a number. */
export function int(value: unknown): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`not a whole number: ${String(value)}`);
  return n;
}
