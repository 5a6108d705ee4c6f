ALTER TABLE "deposit_addresses" DROP CONSTRAINT "deposit_addresses_merchant_id_merchants_id_fk";
--> statement-breakpoint
ALTER TABLE "withdrawal_batches" DROP CONSTRAINT "withdrawal_batches_merchant_id_merchants_id_fk";
--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_merchant_id_merchants_id_fk";
--> statement-breakpoint
ALTER TABLE "balances" DROP CONSTRAINT "balances_merchant_id_merchants_id_fk";
--> statement-breakpoint
ALTER TABLE "callback_events" DROP CONSTRAINT "callback_events_merchant_id_merchants_id_fk";
--> statement-breakpoint
ALTER TABLE "fund_records" DROP CONSTRAINT "fund_records_merchant_id_merchants_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_merchant_id_merchants_id_fk";
--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_batches" ADD CONSTRAINT "withdrawal_batches_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_events" ADD CONSTRAINT "callback_events_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_records" ADD CONSTRAINT "fund_records_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "callback_events_settled_idx" ON "callback_events" USING btree (greatest("delivered_at", "gave_up_at")) WHERE "callback_events"."run_at" is null;