CREATE TABLE "balances" (
	"merchant_id" bigint NOT NULL,
	"coin_name" text NOT NULL,
	"available" numeric(38, 18) DEFAULT '0' NOT NULL,
	"frozen" numeric(38, 18) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balances_merchant_id_coin_name_pk" PRIMARY KEY("merchant_id","coin_name"),
	CONSTRAINT "balances_available_nonnegative" CHECK ("balances"."available" >= 0),
	CONSTRAINT "balances_frozen_nonnegative" CHECK ("balances"."frozen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merchants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1),
	"email" text NOT NULL,
	"phone" text,
	"country_code" text,
	"password_hash" text NOT NULL,
	"google_secret" text,
	"google_state" boolean DEFAULT false NOT NULL,
	"lang" text DEFAULT 'zh_CN' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchants_email_lowercase" CHECK ("merchants"."email" = lower("merchants"."email")),
	CONSTRAINT "merchants_status_known" CHECK ("merchants"."status" in ('active', 'disabled'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "chains" (
	"chain_id" text PRIMARY KEY NOT NULL,
	"chain_name" text NOT NULL,
	"native_coin" text NOT NULL,
	"icon" text NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coins" (
	"coin_id" serial PRIMARY KEY NOT NULL,
	"coin_name" text NOT NULL,
	"coin_unit" text NOT NULL,
	"chain_id" text NOT NULL,
	"is_native" boolean DEFAULT false NOT NULL,
	"contract_address" text,
	"decimals" smallint NOT NULL,
	"icon" text NOT NULL,
	"min_deposit_amount" numeric(38, 18) NOT NULL,
	"min_withdrawal_amount" numeric(38, 18) NOT NULL,
	"max_withdrawal_amount" numeric(38, 18) NOT NULL,
	CONSTRAINT "coins_coin_unit_key" UNIQUE("coin_unit"),
	CONSTRAINT "coins_chain_coin_key" UNIQUE("chain_id","coin_name")
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"coin_name" text PRIMARY KEY NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_rates" (
	"chain_id" text NOT NULL,
	"coin_name" text NOT NULL,
	"collection_rate" numeric(10, 6) NOT NULL,
	"payout_fee" numeric(38, 18) NOT NULL,
	CONSTRAINT "fee_rates_chain_id_coin_name_pk" PRIMARY KEY("chain_id","coin_name")
);
--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coins" ADD CONSTRAINT "coins_chain_id_chains_chain_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("chain_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_rates" ADD CONSTRAINT "fee_rates_chain_id_coin_name_coins_chain_id_coin_name_fk" FOREIGN KEY ("chain_id","coin_name") REFERENCES "public"."coins"("chain_id","coin_name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_email_key" ON "merchants" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_merchant_created_idx" ON "sessions" USING btree ("merchant_id","created_at");