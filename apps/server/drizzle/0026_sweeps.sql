CREATE TABLE "sweeps" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sweeps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain_id" text NOT NULL,
	"address" text NOT NULL,
	"key_account" integer NOT NULL,
	"key_index" bigint NOT NULL,
	"coin_name" text NOT NULL,
	"planned_amount" numeric(38, 18) NOT NULL,
	"fee" jsonb,
	"status" text DEFAULT 'planned' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sweeps_open_key" ON "sweeps" USING btree ("chain_id","address","coin_name") WHERE "sweeps"."status" not in ('done', 'failed');--> statement-breakpoint
CREATE INDEX "sweeps_chain_status_idx" ON "sweeps" USING btree ("chain_id","status");