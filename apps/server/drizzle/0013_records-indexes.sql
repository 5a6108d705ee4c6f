CREATE INDEX "withdrawals_merchant_address_idx" ON "withdrawals" USING btree ("merchant_id","address");--> statement-breakpoint
CREATE INDEX "chain_transfers_tx_hash_idx" ON "chain_transfers" USING btree ("tx_hash");--> statement-breakpoint
CREATE INDEX "fund_records_merchant_type_created_idx" ON "fund_records" USING btree ("merchant_id","type","created_at");--> statement-breakpoint
CREATE INDEX "fund_records_merchant_currency_created_idx" ON "fund_records" USING btree ("merchant_id","currency","created_at");--> statement-breakpoint
CREATE INDEX "fund_records_merchant_order_no_idx" ON "fund_records" USING btree ("merchant_id","order_no") WHERE "fund_records"."order_no" is not null;--> statement-breakpoint
CREATE INDEX "orders_merchant_status_created_idx" ON "orders" USING btree ("merchant_id","type","status","created_at");--> statement-breakpoint
CREATE INDEX "orders_merchant_currency_created_idx" ON "orders" USING btree ("merchant_id","type","currency","created_at");--> statement-breakpoint
CREATE INDEX "orders_merchant_app_created_idx" ON "orders" USING btree ("merchant_id","type","application_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_merchant_amount_idx" ON "orders" USING btree ("merchant_id","type","amount");--> statement-breakpoint
CREATE INDEX "orders_merchant_order_no_idx" ON "orders" USING btree ("merchant_id","type","merchant_order_no");--> statement-breakpoint
CREATE INDEX "orders_tx_hash_idx" ON "orders" USING btree ("tx_hash") WHERE "orders"."tx_hash" is not null;