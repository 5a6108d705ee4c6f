CREATE TABLE "merchant_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merchant_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_events" ADD CONSTRAINT "merchant_events_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_events_merchant_idx" ON "merchant_events" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "merchant_events_created_idx" ON "merchant_events" USING btree ("created_at");--> statement-breakpoint
-- Live events (modules/live, docs/decisions/2026-11-26-live-updates.md), written by the
-- statements that change what a merchant sees, in their transaction: no writer of orders,
-- fund records or withdrawals has to remember them, and no statement is added to a hot path.
-- Statement-level triggers: one event row per merchant and statement, however many rows the
-- statement wrote (a 10,000-row batch freeze is one balance event). Lists are cut at 20.
CREATE FUNCTION "merchant_events_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sent integer;
BEGIN
  -- The id, merchant and type always; the payload when it fits NOTIFY's 8000 bytes with room
  -- (a listener reads the row when it is left out).
  SELECT count(pg_notify('tollgate_events', CASE
      WHEN octet_length(e.payload::text) <= 6000
        THEN json_build_object('id', e.id, 'm', e.merchant_id, 't', e.type, 'p', e.payload)::text
      ELSE json_build_object('id', e.id, 'm', e.merchant_id, 't', e.type)::text
    END))
    INTO sent FROM new_events e;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "merchant_events_notify" AFTER INSERT ON "merchant_events"
  REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION "merchant_events_notify"();
--> statement-breakpoint
CREATE FUNCTION "merchant_events_from_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "merchant_events" ("merchant_id", "type", "payload")
    SELECT n.merchant_id, 'order', jsonb_build_object('count', count(*), 'orders',
        to_jsonb((array_agg(jsonb_build_object('orderNo', n.order_no, 'type', n.type, 'status', n.status) ORDER BY n.id))[1:20]))
      FROM new_rows n GROUP BY n.merchant_id ORDER BY n.merchant_id;
  ELSE
    -- Only what the records show: an UPDATE that touches nothing of it (updated_at) is no news.
    INSERT INTO "merchant_events" ("merchant_id", "type", "payload")
    SELECT n.merchant_id, 'order', jsonb_build_object('count', count(*), 'orders',
        to_jsonb((array_agg(jsonb_build_object('orderNo', n.order_no, 'type', n.type, 'status', n.status) ORDER BY n.id))[1:20]))
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.status, n.exception, n.paid_amount, n.fee, n.network, n.pay_address, n.tx_hash, n.completed_at)
        IS DISTINCT FROM (o.status, o.exception, o.paid_amount, o.fee, o.network, o.pay_address, o.tx_hash, o.completed_at)
      GROUP BY n.merchant_id ORDER BY n.merchant_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_live_insert" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "merchant_events_from_orders"();
--> statement-breakpoint
CREATE TRIGGER "orders_live_update" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "merchant_events_from_orders"();
--> statement-breakpoint
CREATE FUNCTION "merchant_events_from_fund_records"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "merchant_events" ("merchant_id", "type", "payload")
  SELECT n.merchant_id, 'balance', jsonb_build_object('count', count(*), 'currencies',
      to_jsonb((array_agg(DISTINCT n.currency))[1:20]))
    FROM new_rows n GROUP BY n.merchant_id ORDER BY n.merchant_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "fund_records_live_insert" AFTER INSERT ON "fund_records"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "merchant_events_from_fund_records"();
--> statement-breakpoint
-- A withdrawal's review and its hash change no balance: its own event (the asset page's list).
CREATE FUNCTION "merchant_events_from_withdrawals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "merchant_events" ("merchant_id", "type", "payload")
  SELECT n.merchant_id, 'withdrawal', jsonb_build_object('count', count(*), 'withdrawals',
      to_jsonb((array_agg(jsonb_build_object('withdrawalNo', n.withdrawal_no, 'status', n.status) ORDER BY n.id))[1:20]))
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.status, n.tx_hash) IS DISTINCT FROM (o.status, o.tx_hash)
    GROUP BY n.merchant_id ORDER BY n.merchant_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "withdrawals_live_update" AFTER UPDATE ON "withdrawals"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "merchant_events_from_withdrawals"();
