CREATE TABLE "chain_utxos" (
	"chain_id" text NOT NULL,
	"txid" text NOT NULL,
	"vout" integer NOT NULL,
	"address" text NOT NULL,
	"key_account" integer NOT NULL,
	"key_index" bigint NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"block_height" bigint,
	"block_hash" text,
	"spent_by_send_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chain_utxos_chain_id_txid_vout_pk" PRIMARY KEY("chain_id","txid","vout")
);
--> statement-breakpoint
ALTER TABLE "chain_utxos" ADD CONSTRAINT "chain_utxos_spent_by_send_id_chain_sends_id_fk" FOREIGN KEY ("spent_by_send_id") REFERENCES "public"."chain_sends"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chain_utxos_available_idx" ON "chain_utxos" USING btree ("chain_id","address") WHERE "chain_utxos"."spent_by_send_id" is null;--> statement-breakpoint
CREATE INDEX "chain_utxos_send_idx" ON "chain_utxos" USING btree ("spent_by_send_id") WHERE "chain_utxos"."spent_by_send_id" is not null;--> statement-breakpoint
CREATE INDEX "chain_utxos_height_idx" ON "chain_utxos" USING btree ("chain_id","block_height");