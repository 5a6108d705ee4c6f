CREATE TABLE "deposit_addresses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposit_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"chain_id" text NOT NULL,
	"address" text NOT NULL,
	"account" bigint NOT NULL,
	"address_index" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_addresses_merchant_chain_key" UNIQUE("merchant_id","chain_id"),
	CONSTRAINT "deposit_addresses_chain_address_key" UNIQUE("chain_id","address")
);
--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD COLUMN "deposit_address_id" bigint;--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD CONSTRAINT "chain_transfers_deposit_address_id_deposit_addresses_id_fk" FOREIGN KEY ("deposit_address_id") REFERENCES "public"."deposit_addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chain_transfers_deposit_idx" ON "chain_transfers" USING btree ("deposit_address_id","id");