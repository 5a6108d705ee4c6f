/**
 * Live updates (issue 9): `GET /front/events`, one server-sent-events stream per browser tab,
 * authenticated by the `token` cookie alone (never a token in the URL). Each event names what
 * changed for the merchant; the web app refreshes what shows it. The event's `id` is the
 * stream position: a reconnect sends it back (the Last-Event-ID header, or `lastEventId` when
 * the app opens a new stream itself) and gets what it missed, within the replay window.
 * No zod here: the web app's first load imports this file (the query schema is in
 * live-events-query.ts).
 */
export const LIVE_EVENTS_PATH = '/events';

export const LIVE_EVENT_TYPES = ['order', 'balance', 'withdrawal', 'notice'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

export const LIVE_EVENT_TIMING = {
  /** A comment line this often keeps proxies and the browser from dropping an idle stream. */
  heartbeatMs: 20_000,
  /** The `retry:` hint: how long the browser waits before reconnecting by itself. */
  retryMs: 3000,
  /** Missed events are replayed from this far back at most, and this many at most. */
  replayMs: 10 * 60_000,
  replayMax: 500,
};

/** An order created or changed (status, amounts paid, network, hash): the records and cards. */
export interface LiveOrderEvent {
  count: number;
  orders: { orderNo: string; type: 'collection' | 'payout'; status: string }[];
}
/** Fund records were written: the balances, the fund flow, the deposit records. */
export interface LiveBalanceEvent {
  count: number;
  currencies: string[];
}
/** A withdrawal's status or hash changed (a review moves no balance). */
export interface LiveWithdrawalEvent {
  count: number;
  withdrawals: { withdrawalNo: string; status: string }[];
}
/** A notice was published (for every merchant). */
export interface LiveNoticeEvent {
  noticeId: number;
}

export interface LiveEventPayloads {
  order: LiveOrderEvent;
  balance: LiveBalanceEvent;
  withdrawal: LiveWithdrawalEvent;
  notice: LiveNoticeEvent;
}
