ALTER TABLE "orders" ALTER COLUMN "language" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "language" DROP NOT NULL;