CREATE TABLE "media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hash" text NOT NULL,
	"owner_id" text NOT NULL,
	"promotion_id" uuid,
	"event_id" uuid,
	"merchant_id" text,
	"report_id" uuid,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"storage" text DEFAULT 'db' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_one_target_check" CHECK (num_nonnulls(promotion_id, event_id, merchant_id, report_id) <= 1),
	CONSTRAINT "media_storage_check" CHECK (storage in ('db', 'dir')),
	CONSTRAINT "media_hash_check" CHECK (hash ~ '^[0-9a-f]{32}$')
);
--> statement-breakpoint
CREATE TABLE "media_variants" (
	"media_id" uuid NOT NULL,
	"width" integer NOT NULL,
	"format" text NOT NULL,
	"bytes" bytea,
	"size" integer NOT NULL,
	CONSTRAINT "media_variants_media_id_width_format_pk" PRIMARY KEY("media_id","width","format"),
	CONSTRAINT "media_variants_format_check" CHECK (format in ('avif', 'webp', 'jpeg'))
);
--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_variants" ADD CONSTRAINT "media_variants_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_hash_key" ON "media" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "media_owner_created_idx" ON "media" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "media_promotion_idx" ON "media" USING btree ("promotion_id") WHERE promotion_id is not null;--> statement-breakpoint
CREATE INDEX "media_event_idx" ON "media" USING btree ("event_id") WHERE event_id is not null;--> statement-breakpoint
CREATE INDEX "media_merchant_idx" ON "media" USING btree ("merchant_id") WHERE merchant_id is not null;--> statement-breakpoint
CREATE INDEX "media_report_idx" ON "media" USING btree ("report_id") WHERE report_id is not null;--> statement-breakpoint
CREATE INDEX "media_unattached_created_idx" ON "media" USING btree ("created_at") WHERE promotion_id is null and event_id is null and merchant_id is null and report_id is null;
