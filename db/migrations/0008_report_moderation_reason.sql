DROP INDEX "reports_reporter_idx";--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "moderation_note" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "reports_reporter_created_idx" ON "reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_moderation_reason_check" CHECK (moderation_reason is null or moderation_reason in ('duplicate', 'not_urgent', 'insufficient_detail', 'outside_municipality', 'already_resolved', 'inappropriate'));