CREATE TABLE "merchant_daily_stats" (
	"merchant_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"type" text DEFAULT '' NOT NULL,
	"coin" text NOT NULL,
	"count" bigint NOT NULL,
	"amount" numeric NOT NULL,
	"fee" numeric NOT NULL,
	"net" numeric NOT NULL,
	CONSTRAINT "merchant_daily_stats_pkey" PRIMARY KEY("merchant_id","kind","day","type","coin"),
	CONSTRAINT "merchant_daily_stats_kind_known" CHECK ("merchant_daily_stats"."kind" in ('bill', 'collection', 'withdrawal', 'payment'))
);
--> statement-breakpoint
ALTER TABLE "merchant_daily_stats" ADD CONSTRAINT "merchant_daily_stats_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Backfill (issue 9, reports): the aggregates of what was written before this table, by the same
-- rules as the code that keeps them (modules/reports/daily-stats.ts). A day is the merchant's
-- day in Asia/Shanghai (UTC+8 all year).
INSERT INTO "merchant_daily_stats" ("merchant_id", "kind", "day", "type", "coin", "count", "amount", "fee", "net")
SELECT "merchant_id", 'bill', date '1970-01-01' + floor((extract(epoch from "created_at") + 28800) / 86400)::int,
  "type", "currency", count(*), sum("amount"), sum("fee"), sum("change_amount")
FROM "fund_records"
GROUP BY 1, 3, 4, 5;
--> statement-breakpoint
INSERT INTO "merchant_daily_stats" ("merchant_id", "kind", "day", "type", "coin", "count", "amount", "fee", "net")
SELECT "merchant_id", 'collection', date '1970-01-01' + floor((extract(epoch from "completed_at") + 28800) / 86400)::int,
  '', "currency", count(*), sum("amount"), sum("fee"), sum("amount" - "fee")
FROM "orders"
WHERE "type" = 'collection' AND "status" = 'completed' AND "completed_at" IS NOT NULL
GROUP BY 1, 3, 5;
--> statement-breakpoint
INSERT INTO "merchant_daily_stats" ("merchant_id", "kind", "day", "type", "coin", "count", "amount", "fee", "net")
SELECT "merchant_id", CASE WHEN "order_id" IS NULL THEN 'withdrawal' ELSE 'payment' END,
  date '1970-01-01' + floor((extract(epoch from "finished_at") + 28800) / 86400)::int,
  '', "coin_name", count(*), sum("amount"), sum("fee"), sum("amount" + "fee")
FROM "withdrawals"
WHERE "status" = 'completed' AND "finished_at" IS NOT NULL
GROUP BY 1, 2, 3, 5;
