-- Promotion tags: chosen by the merchant from a fixed list (PROMOTION_TAGS in db/schema/enums.ts); the public
-- promotions list filters on them (GIN index, `tags @> array[...]`). Empty means none chosen: nothing shown.
ALTER TABLE "promotions" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_tags_check" CHECK (tags <@ array['family_friendly', 'vegetarian', 'new', 'local_produce', 'accessible', 'limited_stock']::text[]);--> statement-breakpoint
CREATE INDEX "promotions_tags_idx" ON "promotions" USING gin ("tags");--> statement-breakpoint
-- An event's practical information: free text in the original language; its translations live in
-- `translations` under "practicalInfo", like the title and description.
ALTER TABLE "events" ADD COLUMN "practical_info" text;--> statement-breakpoint
-- Who said they are coming to an event: one row per resident and event. Goes with the event and with the account.
CREATE TABLE "event_attendances" (
	"event_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_attendances_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "event_attendances" ADD CONSTRAINT "event_attendances_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attendances" ADD CONSTRAINT "event_attendances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_attendances_user_created_idx" ON "event_attendances" USING btree ("user_id","created_at");
