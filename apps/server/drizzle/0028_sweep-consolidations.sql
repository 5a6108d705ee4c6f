ALTER TABLE "sweeps" ADD COLUMN "consolidation_id" bigint;--> statement-breakpoint
CREATE INDEX "sweeps_consolidation_idx" ON "sweeps" USING btree ("consolidation_id");