DROP INDEX "telegram_link_codes_app_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_link_codes_app_key" ON "telegram_link_codes" USING btree ("application_id");