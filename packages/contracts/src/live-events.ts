import { z } from 'zod';
import { commonQuery } from './validation';

/**
 * Live updates (issue 9): `GET /front/events`, one server-sent-events stream per browser tab,
 * authenticated by the `token` cookie alone (never a token in the URL). Each event names what
 * changed for the merchant; the web app refreshes what shows it. The event's `id` is the
 * stream position: a reconnect sends it back (the Last-Event-ID header, or `lastEventId` when
 * the app opens a new stream itself) and gets what it missed, within the replay window.
 */
export const LIVE_EVENTS_PATH = '/events';

export const LIVE_EVENT_TYPES = ['order', 'balance', 'withdrawal', 'notice'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/** Lists in an event are cut at this many entries; `count` says how many there were. */
export const LIVE_EVENT_LIST_MAX = 20;

export const LIVE_EVENT_TIMING = {
  /** A comment line this often keeps proxies and the browser from dropping an idle stream. */
  heartbeatMs: 20_000,
  /** The `retry:` hint: how long the browser waits before reconnecting by itself. */
  retryMs: 3000,
  /** Missed events are replayed from this far back at most, and this many at most. */
  replayMs: 10 * 60_000,
  replayMax: 500,
};

export const liveOrderEvent = z.object({
  count: z.number().int(),
  orders: z.array(
    z.object({
      orderNo: z.string(),
      type: z.enum(['collection', 'payout']),
      status: z.string(),
    }),
  ),
});
export const liveBalanceEvent = z.object({ count: z.number().int(), currencies: z.array(z.string()) });
export const liveWithdrawalEvent = z.object({
  count: z.number().int(),
  withdrawals: z.array(z.object({ withdrawalNo: z.string(), status: z.string() })),
});
export const liveNoticeEvent = z.object({ noticeId: z.number().int() });

export type LiveOrderEvent = z.infer<typeof liveOrderEvent>;
export type LiveBalanceEvent = z.infer<typeof liveBalanceEvent>;
export type LiveWithdrawalEvent = z.infer<typeof liveWithdrawalEvent>;
export type LiveNoticeEvent = z.infer<typeof liveNoticeEvent>;

export interface LiveEventPayloads {
  order: LiveOrderEvent;
  balance: LiveBalanceEvent;
  withdrawal: LiveWithdrawalEvent;
  notice: LiveNoticeEvent;
}

export const liveEventsQuery = commonQuery.extend({
  lastEventId: z
    .string()
    .regex(/^\d{1,18}$/, { error: 'validation.invalidType' })
    .optional()
    .describe(
      'the last event id seen, when the app opens a new stream itself (else the Last-Event-ID header)',
    ),
});
