CREATE TABLE "platform_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "platform_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_ref" text NOT NULL,
	"chain_id" text NOT NULL,
	"coin_name" text NOT NULL,
	"account" text NOT NULL,
	"address" text,
	"amount" numeric(38, 18) NOT NULL,
	"block_height" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "platform_entries_account_known" CHECK ("platform_entries"."account" in ('hot_wallet', 'gas_wallet', 'unswept', 'merchant_balances', 'pending_receipts', 'fee_income', 'gas_expense', 'operator_funding', 'reorg_loss', 'opening_balance'))
);
--> statement-breakpoint
ALTER TABLE "chain_cursors" ADD COLUMN "booked_height" bigint;--> statement-breakpoint
CREATE INDEX "platform_entries_ref_idx" ON "platform_entries" USING btree ("entry_ref");--> statement-breakpoint
CREATE INDEX "platform_entries_asset_idx" ON "platform_entries" USING btree ("chain_id","coin_name","account","address");--> statement-breakpoint
-- Opening lines: what a database that moved money before the books held on chain (only devnet
-- databases did: live chains were disabled), one line per mined transfer, at its block.
INSERT INTO "platform_entries" ("entry_ref", "chain_id", "coin_name", "account", "address", "amount", "block_height", "created_at")
  SELECT 'opening', d."chain_id", d."coin_name", 'unswept', d."to_address", d."amount", d."block_height", now()
  FROM "devnet_transfers" d
  JOIN "watched_addresses" w ON w."chain_id" = d."chain_id" AND w."address" = d."to_address"
  WHERE d."block_height" IS NOT NULL AND NOT d."failed"
  UNION ALL
  SELECT 'opening', d."chain_id", d."coin_name", 'hot_wallet', d."from_address", -d."amount", d."block_height", now()
  FROM "devnet_transfers" d
  WHERE d."block_height" IS NOT NULL AND NOT d."failed"
    AND d."tx_hash" IN (SELECT "tx_hash" FROM "withdrawals" WHERE "tx_hash" IS NOT NULL);--> statement-breakpoint
INSERT INTO "platform_entries" ("entry_ref", "chain_id", "coin_name", "account", "amount", "created_at")
  SELECT 'opening', "chain_id", "coin_name", 'opening_balance', -sum("amount"), now()
  FROM "platform_entries" WHERE "entry_ref" = 'opening'
  GROUP BY "chain_id", "coin_name";
