import { z } from 'zod';
import { appIdField } from './application';
import { requiredString } from './validation';

/**
 * Callbacks in the back office: the delivery log of an order (for the order detail), the
 * "resend" of an order's notification and the "send test event" of an application.
 */
export const orderNoField = requiredString('validation.orderNoRequired')
  .trim()
  .min(1, { message: 'validation.orderNoRequired' })
  .max(64, { message: 'validation.orderNoRequired' });

export const PUSH_STATUSES = ['pending', 'delivered', 'failed', 'none'] as const;
export const pushStatus = z
  .enum(PUSH_STATUSES)
  .describe(
    "The order's latest notification: pending (queued or retrying), delivered (acknowledged), failed (retries spent), none (nothing sent: no event yet or no callback URL)",
  );
export type PushStatus = z.infer<typeof pushStatus>;

/** The kinds of delivery failure; `error` keeps the technical detail. */
export const DELIVERY_ERROR_CODES = [
  'app_deleted',
  'no_url',
  'invalid_url',
  'dns_failed',
  'address_refused',
  'timeout',
  'connection_failed',
  'not_acknowledged',
  'not_sent',
] as const;
export const deliveryErrorCode = z.enum(DELIVERY_ERROR_CODES);
export type DeliveryErrorCode = z.infer<typeof deliveryErrorCode>;

/** One delivery attempt, as the delivery log lists it. */
export const callbackAttempt = z.object({
  eventId: z.string().describe('The event id (evt_…), the body `id`, the same on every attempt'),
  eventType: z
    .string()
    .describe(
      'collection.confirming, collection.completed, collection.expired, collection.payment_received, collection.payment_reverted, payout.* or test',
    ),
  attempt: z.number().int().describe("The event's attempt number, from 1"),
  createdAt: z.string().describe('ISO 8601 time of the attempt'),
  url: z.string().describe("Where it was sent; '' when skipped (no callback URL)"),
  requestBody: z.string().describe('The exact JSON body sent'),
  responseStatus: z.number().int().nullable().describe('HTTP status, or null when no answer came'),
  responseBody: z.string().nullable().describe('The first 2 KB of the answer'),
  durationMs: z.number().int(),
  error: z
    .string()
    .nullable()
    .describe(
      'Why it failed, as technical English text (connection, timeout, SSRF guard, no acknowledgement)',
    ),
  errorCode: deliveryErrorCode
    .nullable()
    .describe('What kind of failure it was (null: none), for showing it in the reader’s language'),
  acknowledged: z.boolean().describe('A 2xx answer whose trimmed body is success or ok'),
});
export type CallbackAttempt = z.infer<typeof callbackAttempt>;

/**
 * Why "resend" cannot send anything (null: it can), by the rule the resend call itself applies:
 * no callback URL on the order nor on its application (3102), or no notification yet (3101).
 */
export const RESEND_BLOCKS = ['no_callback_url', 'no_event'] as const;
export type ResendBlock = (typeof RESEND_BLOCKS)[number];

/** An order's delivery log (for the order detail): its attempts newest first, and its push status. */
export const deliveryLog = z.object({
  attempts: z.array(callbackAttempt),
  pushStatus,
  notificationSuccess: z.boolean().describe("Whether the order's latest notification was acknowledged"),
  nextAttemptAt: z
    .string()
    .nullable()
    .describe(
      'When the latest notification is tried again (ISO 8601): pending, tried and waiting for its retry; null otherwise (not tried yet, delivered, given up, or being sent now)',
    ),
  resendBlockedBy: z
    .enum(RESEND_BLOCKS)
    .nullable()
    .describe(
      'Why a resend would be refused (null: it would queue): no_callback_url (neither the order nor its application has one: 3102), no_event (no notification yet: 3101)',
    ),
});
export type DeliveryLog = z.infer<typeof deliveryLog>;

export const callbackResendBody = z.object({ orderNo: orderNoField });

export const callbackResendResult = z.object({
  eventId: z.string().describe("The order's latest event, sent again with the same id and body"),
  eventType: z.string(),
  alreadyQueued: z
    .boolean()
    .describe('true: a delivery of this event was already queued (a double click); it was not queued twice'),
});
export type CallbackResendResult = z.infer<typeof callbackResendResult>;

export const callbackTestBody = z.object({ appId: appIdField });

/** The test event's one attempt, made while the call waits (at most 10 s). */
export const callbackTestResult = callbackAttempt;
