import type { ServerResponse } from 'node:http';

/**
 * One server-sent-events response on a hijacked reply: `event:`/`data:` frames (with an `id:`
 * when given, which the browser sends back as Last-Event-ID when it reconnects), a comment line
 * as a heartbeat so proxies and the browser keep the connection, and an end after `maxMs`
 * (the browser's EventSource reconnects by itself after `retryMs`), so no stream lives forever.
 * A client that reads slower than events come is not buffered for without end: once more than
 * `maxBufferedBytes` wait in the socket's buffer the stream ends, and the client reconnects.
 */
export interface EventStreamOptions {
  heartbeatMs: number;
  maxMs: number;
  retryMs: number;
  /** Default 1 MiB. */
  maxBufferedBytes?: number;
  /** Called on each heartbeat (the live stream checks its session there). */
  onHeartbeat?: () => void;
}

const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface EventStream {
  send(event: string, data: unknown, id?: string | number): void;
  close(): void;
  readonly closed: boolean;
  /** Called once, however the stream ends (closed here, by the client, or by the network). */
  onClose(callback: () => void): void;
}

export function openEventStream(
  raw: ServerResponse,
  headers: Record<string, string | number | string[] | undefined>,
  options: EventStreamOptions,
): EventStream {
  const callbacks: (() => void)[] = [];
  let closed = false;
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx and similar proxies buffer responses unless told not to.
    'x-accel-buffering': 'no',
  });
  raw.write(`retry: ${options.retryMs}\n\n`);
  const heartbeat = setInterval(() => {
    write(': ping\n\n');
    options.onHeartbeat?.();
  }, options.heartbeatMs);
  const lifetime = setTimeout(() => finish(), options.maxMs);
  heartbeat.unref();
  lifetime.unref();

  function write(chunk: string): void {
    if (closed || raw.writableEnded || raw.destroyed) return;
    raw.write(chunk);
    if (raw.writableLength > (options.maxBufferedBytes ?? MAX_BUFFERED_BYTES)) {
      // Not ended politely (end() would queue behind the buffer): the socket goes now.
      raw.destroy();
      finish();
    }
  }

  function finish(): void {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    if (!raw.writableEnded && !raw.destroyed) raw.end();
    for (const callback of callbacks.splice(0)) callback();
  }

  raw.on('close', finish);
  return {
    send(event, data, id) {
      write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close: finish,
    get closed() {
      return closed;
    },
    onClose(callback) {
      if (closed) callback();
      else callbacks.push(callback);
    },
  };
}
