-- Galleries: up to 6 ordered pictures of a promotion or an event, each with its alt text. A picture is an
-- upload (its media row points back here, so deleting the picture deletes the upload) or an image address.
CREATE TABLE "gallery_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promotion_id" uuid,
	"event_id" uuid,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	"alt_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gallery_images_one_target_check" CHECK (num_nonnulls(promotion_id, event_id) = 1),
	CONSTRAINT "gallery_images_position_check" CHECK (position >= 0 and position < 6),
	CONSTRAINT "gallery_images_alt_check" CHECK (length(btrim(alt_text)) > 0)
);
--> statement-breakpoint
ALTER TABLE "gallery_images" ADD CONSTRAINT "gallery_images_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_images" ADD CONSTRAINT "gallery_images_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gallery_images_promotion_position_key" ON "gallery_images" USING btree ("promotion_id","position") WHERE promotion_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "gallery_images_event_position_key" ON "gallery_images" USING btree ("event_id","position") WHERE event_id is not null;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "gallery_image_id" uuid;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_gallery_image_id_gallery_images_id_fk" FOREIGN KEY ("gallery_image_id") REFERENCES "public"."gallery_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_gallery_image_idx" ON "media" USING btree ("gallery_image_id") WHERE gallery_image_id is not null;--> statement-breakpoint
ALTER TABLE "media" DROP CONSTRAINT "media_one_target_check";--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_one_target_check" CHECK (num_nonnulls(promotion_id, event_id, merchant_id, report_id, gallery_image_id) <= 1);--> statement-breakpoint
DROP INDEX "media_unattached_created_idx";--> statement-breakpoint
CREATE INDEX "media_unattached_created_idx" ON "media" USING btree ("created_at") WHERE promotion_id is null and event_id is null and merchant_id is null and report_id is null and gallery_image_id is null;--> statement-breakpoint
-- Revenue: what a subscription costs per month, in euro cents (the payment references stay as they are).
ALTER TABLE "subscriptions" ADD COLUMN "monthly_price_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_monthly_price_check" CHECK (monthly_price_cents >= 0);
