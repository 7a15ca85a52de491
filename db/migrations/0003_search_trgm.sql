CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "merchants_name_trgm_idx" ON "merchants" USING gin ("business_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merchants_address_trgm_idx" ON "merchants" USING gin ("address" gin_trgm_ops);