-- The bill report counted a withdrawal's (or payout's) every fund record: the two of its freeze,
-- then its completion (or the two of its release), so its count, amount and fee came out two or
-- three times over. Only the completion counts now (daily-stats.ts countsInBill); every record
-- still adds its change to the net. The bill rows are recomputed from the fund records.
DELETE FROM "merchant_daily_stats" WHERE "kind" = 'bill';
--> statement-breakpoint
INSERT INTO "merchant_daily_stats" ("merchant_id", "kind", "day", "type", "coin", "count", "amount", "fee", "net")
SELECT "merchant_id", 'bill', date '1970-01-01' + floor((extract(epoch from "created_at") + 28800) / 86400)::int,
  "type", "currency",
  count(*) FILTER (WHERE "type" NOT IN ('withdraw', 'payout') OR "status" = 'completed'),
  coalesce(sum("amount") FILTER (WHERE "type" NOT IN ('withdraw', 'payout') OR "status" = 'completed'), 0),
  coalesce(sum("fee") FILTER (WHERE "type" NOT IN ('withdraw', 'payout') OR "status" = 'completed'), 0),
  sum("change_amount")
FROM "fund_records"
GROUP BY 1, 3, 4, 5;
