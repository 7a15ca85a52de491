-- (item 2): the admin pickers search users and merchants by name or e-mail (ILIKE '%q%'),
-- served by trigram indexes (pg_trgm, migration 0003; merchants' name and e-mail are indexed by 0003 and 0012).
CREATE INDEX IF NOT EXISTS "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
-- (item 4): views and clicks per promotion or event per day (Brussels calendar). No personal data:
-- an entity, a day, a kind and a count. Exactly one of promotion_id and event_id is set; rows go with their
-- promotion or event (cascade). Written only in batches by the app's in-memory counter (upserts).
CREATE TABLE "daily_metrics" (
	"promotion_id" uuid,
	"event_id" uuid,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "daily_metrics_key" UNIQUE NULLS NOT DISTINCT("promotion_id","event_id","day","kind"),
	CONSTRAINT "daily_metrics_one_entity_check" CHECK (num_nonnulls(promotion_id, event_id) = 1),
	CONSTRAINT "daily_metrics_kind_check" CHECK (kind in ('view', 'call', 'directions', 'website', 'share')),
	CONSTRAINT "daily_metrics_count_check" CHECK (count >= 0)
);
--> statement-breakpoint
ALTER TABLE "daily_metrics" ADD CONSTRAINT "daily_metrics_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_metrics" ADD CONSTRAINT "daily_metrics_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The unique key (promotion_id first) serves a promotion's rows; events and "today" get their own.
CREATE INDEX "daily_metrics_event_day_idx" ON "daily_metrics" USING btree ("event_id","day") WHERE event_id is not null;--> statement-breakpoint
CREATE INDEX "daily_metrics_day_idx" ON "daily_metrics" USING btree ("day");
