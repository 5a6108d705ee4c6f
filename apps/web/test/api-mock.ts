import { vi } from 'vitest';

/**
 * A fake /front server for component tests: answers by path with the queued envelopes (the
 * last one repeats) and records every call with its decoded body, so a test can assert both
 * what the screen showed and exactly what it sent.
 */
export interface SentCall {
  path: string;
  method: string;
  body: Record<string, string>;
}

type Envelope = { code: number; data: unknown; message: string };

export function ok(data: unknown = null): Envelope {
  return { code: 0, data, message: 'ok' };
}

export function fail(code: number, message: string, data: unknown = null): Envelope {
  return { code, data, message };
}

function decodeBody(body: BodyInit | null | undefined): Record<string, string> {
  if (!body) return {};
  if (typeof body === 'string') return JSON.parse(body) as Record<string, string>;
  if (body instanceof URLSearchParams || body instanceof FormData) {
    const fields: Record<string, string> = {};
    body.forEach((value, key) => {
      fields[key] = String(value);
    });
    return fields;
  }
  return {};
}

export function mockApi(routes: Record<string, Envelope | Envelope[]>) {
  const calls: SentCall[] = [];
  const queues = new Map(Object.entries(routes).map(([path, answer]) => [path, [answer].flat()]));
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const path = url.pathname.replace(/^\/front/, '');
    const body = init.method === 'GET' ? Object.fromEntries(url.searchParams) : decodeBody(init.body);
    calls.push({ path, method: init.method ?? 'GET', body });
    const queue = queues.get(path);
    if (!queue || queue.length === 0) return new Response(JSON.stringify(fail(404, `no mock for ${path}`)));
    const answer = queue.length > 1 ? queue.shift() : queue[0];
    return new Response(JSON.stringify(answer));
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (path: string) => calls.filter((call) => call.path === path);
  return { calls, callsTo };
}
