import { get, type IncomingMessage } from 'node:http';

/**
 * An event stream read as a browser's EventSource would, over real HTTP: each frame parsed
 * (`id`, `event`, `data`, `retry`, a comment), waited for by content, never by time.
 */
export interface SseFrame {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
  comment?: string;
}

export interface SseClient {
  response: IncomingMessage;
  frames: SseFrame[];
  /** The body, for an answer that is not a stream (an error envelope). */
  body: Promise<string>;
  ended: Promise<void>;
  /** Resolves with the first frame (from the start) that `match` accepts. */
  next(match: (frame: SseFrame) => boolean): Promise<SseFrame>;
  close(): void;
}

export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const request = get(
      url,
      { headers: { accept: 'text/event-stream', ...headers }, agent: false },
      (response) => {
        const frames: SseFrame[] = [];
        const waiters: { match: (f: SseFrame) => boolean; done: (f: SseFrame) => void }[] = [];
        let raw = '';
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          raw += chunk;
          buffer += chunk;
          let cut = buffer.indexOf('\n\n');
          while (cut >= 0) {
            const frame: SseFrame = {};
            for (const line of buffer.slice(0, cut).split('\n')) {
              if (line.startsWith(':')) frame.comment = line.slice(1).trim();
              else {
                const at = line.indexOf(': ');
                (frame as Record<string, string>)[line.slice(0, at)] = line.slice(at + 2);
              }
            }
            buffer = buffer.slice(cut + 2);
            frames.push(frame);
            for (const waiter of [...waiters]) {
              if (waiter.match(frame)) {
                waiters.splice(waiters.indexOf(waiter), 1);
                waiter.done(frame);
              }
            }
            cut = buffer.indexOf('\n\n');
          }
        });
        const ended = new Promise<void>((done) => response.on('close', done));
        resolve({
          response,
          frames,
          body: ended.then(() => raw),
          ended,
          next: (match) =>
            new Promise((done) => {
              const found = frames.find(match);
              if (found) done(found);
              else waiters.push({ match, done });
            }),
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', reject);
  });
}
