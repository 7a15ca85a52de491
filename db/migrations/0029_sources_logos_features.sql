-- Which original each translation was written against (app/lib/i18n/translation-sources.ts): per language and
-- field, a fingerprint of the original text when the translation was saved. Existing translations have none
-- and are taken to fit the original they stand beside until the row is next saved.
ALTER TABLE "municipalities" ADD COLUMN "translation_sources" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "municipalities" ADD CONSTRAINT "municipalities_translation_sources_check" CHECK (jsonb_typeof(translation_sources) = 'object');
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "translation_sources" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_translation_sources_check" CHECK (jsonb_typeof(translation_sources) = 'object');
--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "translation_sources" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_translation_sources_check" CHECK (jsonb_typeof(translation_sources) = 'object');
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "translation_sources" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_translation_sources_check" CHECK (jsonb_typeof(translation_sources) = 'object');
--> statement-breakpoint
-- A municipality's logo can be an upload like every other picture: its media row points at the municipality
-- (deleting the municipality deletes the upload, a replaced logo is deleted on save).
ALTER TABLE "media" ADD COLUMN "municipality_id" uuid;
--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "media_municipality_idx" ON "media" USING btree ("municipality_id") WHERE municipality_id is not null;
--> statement-breakpoint
ALTER TABLE "media" DROP CONSTRAINT "media_one_target_check";
--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_one_target_check" CHECK (num_nonnulls(promotion_id, event_id, merchant_id, report_id, gallery_image_id, municipality_id) <= 1);
--> statement-breakpoint
DROP INDEX "media_unattached_created_idx";
--> statement-breakpoint
CREATE INDEX "media_unattached_created_idx" ON "media" USING btree ("created_at") WHERE promotion_id is null and event_id is null and merchant_id is null and report_id is null and gallery_image_id is null and municipality_id is null;
--> statement-breakpoint
-- The features an administrator describes are shown on the About page, in the reader's language: they get the
-- same original-plus-translations columns as other content. Existing ones are English (the admin panel's).
ALTER TABLE "features" ADD COLUMN "original_locale" text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
ALTER TABLE "features" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "features" ADD COLUMN "translation_sources" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "features" ADD CONSTRAINT "features_original_locale_check" CHECK (original_locale in ('en', 'nl', 'fr'));
--> statement-breakpoint
ALTER TABLE "features" ADD CONSTRAINT "features_translations_check" CHECK (jsonb_typeof(translations) = 'object');
--> statement-breakpoint
ALTER TABLE "features" ADD CONSTRAINT "features_translation_sources_check" CHECK (jsonb_typeof(translation_sources) = 'object');
