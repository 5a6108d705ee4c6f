ALTER TABLE "callback_events" ADD COLUMN "run_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "callback_events" ADD COLUMN "tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "callback_events" ADD COLUMN "leased" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "callback_events" ADD COLUMN "queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "callback_events" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "callback_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE INDEX "callback_events_due_idx" ON "callback_events" USING btree ("run_at","seq") WHERE "callback_events"."run_at" is not null;--> statement-breakpoint
-- The open callback jobs become their events' schedules (a leased job: claimed, no error yet);
-- then the callback jobs go: the events are their own queue from now on.
UPDATE "callback_events" e SET "run_at" = j."run_at", "tries" = j."attempts", "queued_at" = j."created_at",
  "leased" = (j."attempts" > 0 AND j."last_error" IS NULL)
FROM "jobs" j
WHERE j."kind" = 'callback' AND j."payload"->>'eventId' = e."id" AND j."done_at" IS NULL AND j."failed_at" IS NULL;--> statement-breakpoint
DELETE FROM "jobs" WHERE "kind" = 'callback';
