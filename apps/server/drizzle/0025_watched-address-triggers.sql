-- The watched set (issue 32, docs/decisions/2026-12-07-chain-boundary.md): every address the
-- platform issues is a watched_addresses row, written by the statement that issues it, in its
-- transaction. Triggers, so that no writer of orders or deposit addresses (the grouped API
-- insert, a single create, the cashier's network choice, a deposit address) can forget it.
-- Orders: a statement-level trigger on INSERT (a group of creates is one statement), and a row
-- trigger on the one UPDATE that gives an order its address (it fires on no other update).
CREATE FUNCTION "watched_addresses_from_new_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "watched_addresses" ("chain_id", "address", "order_id", "created_at")
  SELECT n."network", n."pay_address", n."id", n."created_at" FROM new_orders n
  WHERE n."pay_address" IS NOT NULL AND n."network" IS NOT NULL AND n."type" = 'collection'
  ORDER BY n."id"
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "watched_addresses_from_new_orders" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION "watched_addresses_from_new_orders"();
--> statement-breakpoint
CREATE FUNCTION "watched_addresses_from_order_network"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "watched_addresses" ("chain_id", "address", "order_id", "created_at")
  VALUES (NEW."network", NEW."pay_address", NEW."id", NEW."updated_at")
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "watched_addresses_from_order_network" AFTER UPDATE OF "pay_address" ON "orders"
  FOR EACH ROW WHEN (OLD."pay_address" IS NULL AND NEW."pay_address" IS NOT NULL AND NEW."network" IS NOT NULL)
  EXECUTE FUNCTION "watched_addresses_from_order_network"();
--> statement-breakpoint
CREATE FUNCTION "watched_addresses_from_deposit_address"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "watched_addresses" ("chain_id", "address", "deposit_address_id", "created_at")
  VALUES (NEW."chain_id", NEW."address", NEW."id", NEW."created_at")
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "watched_addresses_from_deposit_address" AFTER INSERT ON "deposit_addresses"
  FOR EACH ROW EXECUTE FUNCTION "watched_addresses_from_deposit_address"();
