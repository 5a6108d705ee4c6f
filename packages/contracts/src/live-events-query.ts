import { z } from 'zod';
import { commonQuery } from './validation';

/** GET /front/events's query (live-events.ts). */
export const liveEventsQuery = commonQuery.extend({
  lastEventId: z
    .string()
    .regex(/^\d{1,18}$/, { error: 'validation.invalidType' })
    .optional()
    .describe(
      'the last event id seen, when the app opens a new stream itself (else the Last-Event-ID header)',
    ),
});
