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
