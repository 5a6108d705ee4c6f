CREATE SEQUENCE "public"."order_address_index_seq" INCREMENT BY 1 MINVALUE 0 MAXVALUE 9223372036854775807 START WITH 0 CACHE 1;--> statement-breakpoint
CREATE TABLE "api_nonces" (
	"application_id" bigint NOT NULL,
	"nonce" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "api_nonces_application_id_nonce_pk" PRIMARY KEY("application_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"app_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"telegram" text DEFAULT '' NOT NULL,
	"callback_url" text DEFAULT '' NOT NULL,
	"ip_whitelist" text DEFAULT '' NOT NULL,
	"secret_sealed" text NOT NULL,
	"secret_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "applications_name_length" CHECK (char_length("applications"."name") between 1 and 64)
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "uploads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_cursors" (
	"chain_id" text PRIMARY KEY NOT NULL,
	"scanned_height" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devnet_blocks" (
	"chain_id" text NOT NULL,
	"height" bigint NOT NULL,
	"hash" text NOT NULL,
	"produced_at" timestamp with time zone NOT NULL,
	CONSTRAINT "devnet_blocks_chain_height_key" UNIQUE("chain_id","height")
);
--> statement-breakpoint
CREATE TABLE "devnet_transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "devnet_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain_id" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer DEFAULT 0 NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"coin_name" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"block_height" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devnet_transfers_tx_key" UNIQUE("chain_id","tx_hash","log_index")
);
--> statement-breakpoint
CREATE TABLE "wallet_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "callback_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "callback_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"url" text NOT NULL,
	"request_body" text NOT NULL,
	"response_status" integer,
	"response_body" text,
	"duration_ms" integer NOT NULL,
	"error" text,
	"acknowledged" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "callback_events" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" bigint NOT NULL,
	"application_id" bigint NOT NULL,
	"order_id" bigint,
	"type" text NOT NULL,
	"format" text DEFAULT 'tollgate' NOT NULL,
	"body" text NOT NULL,
	"payload" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone,
	"gave_up_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chain_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain_id" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer DEFAULT 0 NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"coin_name" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"block_height" bigint NOT NULL,
	"order_id" bigint,
	"status" text DEFAULT 'confirming' NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"credited_at" timestamp with time zone,
	CONSTRAINT "chain_transfers_tx_key" UNIQUE("chain_id","tx_hash","log_index")
);
--> statement-breakpoint
CREATE TABLE "fiat_rates" (
	"fiat" text PRIMARY KEY NOT NULL,
	"usdt_per_unit" numeric(38, 18) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fund_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fund_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"type" text NOT NULL,
	"bucket" text DEFAULT 'available' NOT NULL,
	"order_no" text,
	"tx_hash" text,
	"address" text,
	"network" text,
	"amount" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) DEFAULT '0' NOT NULL,
	"status" text NOT NULL,
	"balance_before" numeric(38, 18) NOT NULL,
	"change_amount" numeric(38, 18) NOT NULL,
	"balance_after" numeric(38, 18) NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fund_records_before_after" CHECK ("fund_records"."balance_before" + "fund_records"."change_amount" = "fund_records"."balance_after")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"type" text NOT NULL,
	"merchant_id" bigint NOT NULL,
	"application_id" bigint NOT NULL,
	"merchant_order_no" text NOT NULL,
	"source" text DEFAULT 'api' NOT NULL,
	"currency" text NOT NULL,
	"network" text,
	"amount" numeric(38, 18) NOT NULL,
	"paid_amount" numeric(38, 18) DEFAULT '0' NOT NULL,
	"fee" numeric(38, 18) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"exception" text,
	"pay_address" text,
	"address_index" bigint,
	"tx_hash" text,
	"description" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'zh_CN' NOT NULL,
	"callback_url" text DEFAULT '' NOT NULL,
	"redirect_url" text DEFAULT '' NOT NULL,
	"test" boolean NOT NULL,
	"request_hash" text NOT NULL,
	"fiat" text,
	"fiat_amount" numeric(38, 18),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"arrived_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_type_known" CHECK ("orders"."type" in ('collection', 'payout')),
	CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('pending', 'confirming', 'completed', 'expired')),
	CONSTRAINT "orders_exception_known" CHECK ("orders"."exception" is null or "orders"."exception" in ('underpaid', 'overpaid', 'late')),
	CONSTRAINT "orders_amount_positive" CHECK ("orders"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "api_nonces" ADD CONSTRAINT "api_nonces_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_deliveries" ADD CONSTRAINT "callback_deliveries_event_id_callback_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."callback_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_events" ADD CONSTRAINT "callback_events_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_events" ADD CONSTRAINT "callback_events_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_events" ADD CONSTRAINT "callback_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD CONSTRAINT "chain_transfers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_records" ADD CONSTRAINT "fund_records_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_nonces_seen_idx" ON "api_nonces" USING btree ("seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_app_id_key" ON "applications" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "applications_merchant_idx" ON "applications" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_key_key" ON "uploads" USING btree ("key");--> statement-breakpoint
CREATE INDEX "devnet_transfers_block_idx" ON "devnet_transfers" USING btree ("chain_id","block_height");--> statement-breakpoint
CREATE INDEX "callback_deliveries_event_idx" ON "callback_deliveries" USING btree ("event_id","attempt");--> statement-breakpoint
CREATE INDEX "callback_events_order_idx" ON "callback_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "chain_transfers_order_idx" ON "chain_transfers" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "chain_transfers_confirming_idx" ON "chain_transfers" USING btree ("chain_id","status");--> statement-breakpoint
CREATE INDEX "fund_records_chain_idx" ON "fund_records" USING btree ("merchant_id","currency","id");--> statement-breakpoint
CREATE INDEX "fund_records_merchant_created_idx" ON "fund_records" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_records_hash_key" ON "fund_records" USING btree ("hash");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_key" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_app_merchant_order_no_key" ON "orders" USING btree ("application_id","type","merchant_order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_pay_address_key" ON "orders" USING btree ("pay_address") WHERE "orders"."pay_address" is not null;--> statement-breakpoint
CREATE INDEX "orders_merchant_created_idx" ON "orders" USING btree ("merchant_id","type","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_expires_idx" ON "orders" USING btree ("status","expires_at");--> statement-breakpoint
-- Indicative fiat prices in USDT for epusdt orders priced in fiat (1 USD = 1 USDT); an
-- operator edits them later, and updated_at says how fresh each is.
INSERT INTO "fiat_rates" ("fiat", "usdt_per_unit") VALUES
  ('CNY', 0.1389),
  ('USD', 1),
  ('EUR', 1.08),
  ('GBP', 1.27),
  ('JPY', 0.0067);
