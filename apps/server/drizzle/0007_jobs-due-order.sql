-- The due index in the claim's order (run_at, id): a claim reads the rows it takes instead of every due job, sorted (jobs/queue.ts dueJobIds).
DROP INDEX "jobs_due_idx";--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at","id") WHERE "jobs"."done_at" is null and "jobs"."failed_at" is null;