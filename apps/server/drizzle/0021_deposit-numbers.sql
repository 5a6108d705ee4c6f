ALTER TABLE "chain_transfers" ADD COLUMN "deposit_no" text;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transfers_deposit_no_key" ON "chain_transfers" USING btree ("deposit_no") WHERE "chain_transfers"."deposit_no" is not null;--> statement-breakpoint
-- Deposits recorded before their numbers (issue 31): one each, of the same shape as a new one
-- (order-number.ts: DP + the day seen in Asia/Shanghai + 20 hex digits). Their fund records,
-- written already and under the ledger's hash, keep no number.
UPDATE "chain_transfers"
SET "deposit_no" = 'DP' || to_char("seen_at" AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD')
  || upper(substr(md5("id"::text || ':' || "chain_id" || ':' || "tx_hash" || ':' || "log_index"::text || ':' || random()::text), 1, 20))
WHERE "deposit_address_id" IS NOT NULL AND "status" <> 'ignored' AND "deposit_no" IS NULL;
