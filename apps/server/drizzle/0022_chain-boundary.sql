CREATE TABLE "chain_alerts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chain_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain_id" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"detail" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chain_blocks" (
	"chain_id" text NOT NULL,
	"height" bigint NOT NULL,
	"hash" text NOT NULL,
	"parent_hash" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	CONSTRAINT "chain_blocks_chain_id_height_pk" PRIMARY KEY("chain_id","height")
);
--> statement-breakpoint
CREATE TABLE "chain_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_nonces" (
	"chain_id" text NOT NULL,
	"address" text NOT NULL,
	"next_nonce" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_nonces_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
CREATE TABLE "chain_send_txs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chain_send_txs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"send_id" bigint NOT NULL,
	"chain_id" text NOT NULL,
	"tx_hash" text NOT NULL,
	"raw" text NOT NULL,
	"fee" jsonb NOT NULL,
	"signed_at_height" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"broadcast_at" timestamp with time zone,
	CONSTRAINT "chain_send_txs_hash_key" UNIQUE("chain_id","tx_hash")
);
--> statement-breakpoint
CREATE TABLE "chain_sends" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chain_sends_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain_id" text NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"coin_name" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"nonce" bigint,
	"inputs" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"mined_tx_hash" text,
	"mined_height" bigint,
	"mined_block_hash" text,
	"network_fee" numeric(38, 18),
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "chain_sends_kind_ref_key" UNIQUE("kind","ref")
);
--> statement-breakpoint
CREATE TABLE "watched_addresses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "watched_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain_id" text NOT NULL,
	"address" text NOT NULL,
	"order_id" bigint,
	"deposit_address_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watched_addresses_chain_address_key" UNIQUE("chain_id","address")
);
--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_status_known";--> statement-breakpoint
ALTER TABLE "devnet_transfers" ADD COLUMN "nonce" bigint;--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD COLUMN "block_hash" text;--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD COLUMN "block_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chain_send_txs" ADD CONSTRAINT "chain_send_txs_send_id_chain_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."chain_sends"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_alerts_open_key" ON "chain_alerts" USING btree ("chain_id","kind","key") WHERE "chain_alerts"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "chain_alerts_created_idx" ON "chain_alerts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "chain_send_txs_send_idx" ON "chain_send_txs" USING btree ("send_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_sends_nonce_key" ON "chain_sends" USING btree ("chain_id","from_address","nonce") WHERE "chain_sends"."nonce" is not null;--> statement-breakpoint
CREATE INDEX "chain_sends_open_idx" ON "chain_sends" USING btree ("chain_id","status");--> statement-breakpoint
CREATE INDEX "watched_addresses_chain_id_idx" ON "watched_addresses" USING btree ("chain_id","id");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status_known" CHECK ("withdrawals"."status" in ('pending_review', 'processing', 'sending', 'completed', 'failed', 'rejected'));--> statement-breakpoint
INSERT INTO "watched_addresses" ("chain_id", "address", "order_id", "created_at")
  SELECT "network", "pay_address", "id", "created_at" FROM "orders"
  WHERE "pay_address" IS NOT NULL AND "network" IS NOT NULL ORDER BY "id"
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "watched_addresses" ("chain_id", "address", "deposit_address_id", "created_at")
  SELECT "chain_id", "address", "id", "created_at" FROM "deposit_addresses" ORDER BY "id"
  ON CONFLICT DO NOTHING;
