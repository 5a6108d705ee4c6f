import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { setSessionEndHandler } from '../../shared/lib/http';
import { storeToken } from '../../shared/lib/session';
import { isRecentlyChanged } from '../../shared/live/recent-changes';
import { backoffDelay, LIVE_BACKOFF, useLiveUpdates } from './use-live-updates';

/** A stand-in for the browser's EventSource: the test plays the server. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  isClosed = false;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.isClosed = true;
  }
  emit(type: string, data: unknown, id: string) {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

function Live() {
  useLiveUpdates();
  return <p>shell</p>;
}

const latest = () => FakeEventSource.instances.at(-1) as FakeEventSource;

function respondWith(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status: 200 })),
  );
}

function seededClient() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const key of [
    ['mchOrder', 'page', {}],
    ['dashboard', 'today'],
    ['account', 'info'],
    ['notice', 'unread'],
  ]) {
    queryClient.setQueryData(key, { seeded: true });
  }
  const isStale = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated ?? false;
  return { queryClient, isStale };
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  storeToken('a-token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setSessionEndHandler(() => {});
});

describe('useLiveUpdates', () => {
  it('opens one stream without a token in its URL, and makes stale what each event names', async () => {
    const { queryClient, isStale } = seededClient();
    const view = renderWithProviders(<Live />, { queryClient });
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(latest().url).toBe('/front/events');
    expect(latest().url).not.toContain('a-token');

    latest().emit(
      'order',
      { count: 1, orders: [{ orderNo: 'TG1', type: 'collection', status: 'completed' }] },
      '7',
    );
    await waitFor(() => expect(isStale(['mchOrder', 'page', {}])).toBe(true));
    expect(isStale(['dashboard', 'today'])).toBe(true);
    expect(isStale(['account', 'info'])).toBe(false);
    expect(isStale(['notice', 'unread'])).toBe(false);
    expect(isRecentlyChanged('TG1')).toBe(true);
    expect(isRecentlyChanged('TG2')).toBe(false);

    latest().emit('balance', { count: 1, currencies: ['USDT'] }, '8');
    await waitFor(() => expect(isStale(['account', 'info'])).toBe(true));
    expect(isStale(['notice', 'unread'])).toBe(false);

    view.unmount();
    expect(latest().isClosed).toBe(true);
  });

  it('after a failure checks the session, then reopens after a backoff from the last event id and reads everything again', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    respondWith({ code: 0, message: 'ok', data: { balances: [] } });
    const { queryClient, isStale } = seededClient();
    renderWithProviders(<Live />, { queryClient });
    const first = latest();
    first.emit('notice', { noticeId: 3 }, '41');
    await waitFor(() => expect(isStale(['notice', 'unread'])).toBe(true));

    first.onerror?.();
    expect(first.isClosed).toBe(true);
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2), { timeout: 3000 });
    expect(latest().url).toBe('/front/events?lastEventId=41');
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1);
    latest().onopen?.();
    await waitFor(() => expect(isStale(['mchOrder', 'page', {}])).toBe(true));
    expect(isStale(['account', 'info'])).toBe(true);
  });

  it('stops on a session that is over and takes the usual way to the login page', async () => {
    respondWith({ code: 4000, message: 'Your session has expired', data: null });
    const ended = vi.fn();
    setSessionEndHandler(ended);
    renderWithProviders(<Live />);
    latest().onerror?.();
    await waitFor(() => expect(ended).toHaveBeenCalledTimes(1));
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('backs off from 1 s, doubling, up to a minute, with jitter', () => {
    expect(backoffDelay(1, () => 1)).toBe(LIVE_BACKOFF.firstMs);
    expect(backoffDelay(3, () => 1)).toBe(4 * LIVE_BACKOFF.firstMs);
    expect(backoffDelay(30, () => 1)).toBe(LIVE_BACKOFF.maxMs);
    expect(backoffDelay(2, () => 0)).toBe(LIVE_BACKOFF.firstMs);
  });
});
