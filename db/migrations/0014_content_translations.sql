-- Content in three languages. The existing text columns keep the ORIGINAL text; `original_locale`
-- says which language that is, and `translations` holds the other languages as
-- {"fr": {"title": "...", "description": "..."}, "nl": {...}} (decision record 0013).
-- Existing rows get their language from a small word-count heuristic over their text (en/nl/fr function words);
-- text that says nothing (a name, a short title) takes its municipality's language, and that one is Dutch unless
-- the municipality's name looks French (the platform's municipalities are Flemish and Brussels ones).
CREATE FUNCTION "h18_detect_locale"(body text, fallback text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN s.en = 0 AND s.nl = 0 AND s.fr = 0 THEN fallback
    WHEN s.nl >= s.en AND s.nl >= s.fr AND s.nl > 0 THEN 'nl'
    WHEN s.fr >= s.en AND s.fr > 0 THEN 'fr'
    ELSE 'en'
  END
  FROM (
    SELECT
      (SELECT count(*) FROM regexp_matches(lower(coalesce(body, '')), '\m(the|and|with|for|your|our|of|off|every|this|from|all|only|free|get|you)\M', 'g')) AS en,
      (SELECT count(*) FROM regexp_matches(lower(coalesce(body, '')), '\m(de|het|een|en|van|voor|met|op|onze|uw|je|bij|niet|alle|gratis|korting|elke|wij|ons)\M', 'g')) AS nl,
      (SELECT count(*) FROM regexp_matches(lower(coalesce(body, '')), '\m(le|la|les|des|et|pour|avec|du|une|un|sur|nos|votre|vos|gratuit|offert|chaque|nous|au|aux)\M', 'g')) AS fr
  ) s
$$;
--> statement-breakpoint
ALTER TABLE "municipalities" ADD COLUMN "original_locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "municipalities" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "municipalities" SET "original_locale" = CASE
  WHEN lower("name") ~ '[éèêëàâçîïôûù]|\m(le|la|les|sur|saint|sainte)\M' THEN 'fr'
  ELSE 'nl'
END;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "original_locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "promotions" p SET "original_locale" = "h18_detect_locale"(
  coalesce(p."title", '') || ' ' || coalesce(p."description", '') || ' ' || coalesce(p."terms_and_conditions", ''),
  coalesce((SELECT m."original_locale" FROM "municipalities" m WHERE m."id" = p."municipality_id"), 'en')
);--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "original_locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "events" e SET "original_locale" = "h18_detect_locale"(
  coalesce(e."title", '') || ' ' || coalesce(e."description", ''),
  coalesce((SELECT m."original_locale" FROM "municipalities" m WHERE m."id" = e."municipality_id"), 'en')
);--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN IF NOT EXISTS "description" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "original_locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "merchants" mc SET "original_locale" = "h18_detect_locale"(
  mc."description",
  coalesce((SELECT m."original_locale" FROM "municipalities" m WHERE m."id" = mc."municipality_id"), 'en')
);--> statement-breakpoint
DROP FUNCTION "h18_detect_locale"(text, text);--> statement-breakpoint
ALTER TABLE "municipalities" ADD CONSTRAINT "municipalities_original_locale_check" CHECK (original_locale in ('en', 'nl', 'fr'));--> statement-breakpoint
ALTER TABLE "municipalities" ADD CONSTRAINT "municipalities_translations_check" CHECK (jsonb_typeof(translations) = 'object');--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_original_locale_check" CHECK (original_locale in ('en', 'nl', 'fr'));--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_translations_check" CHECK (jsonb_typeof(translations) = 'object');--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_original_locale_check" CHECK (original_locale in ('en', 'nl', 'fr'));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_translations_check" CHECK (jsonb_typeof(translations) = 'object');--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_original_locale_check" CHECK (original_locale in ('en', 'nl', 'fr'));--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_translations_check" CHECK (jsonb_typeof(translations) = 'object');--> statement-breakpoint
-- The search (ILIKE) looks for its words in the translated titles and descriptions too.
CREATE INDEX "promotions_translations_trgm_idx" ON "promotions" USING gin ((coalesce("translations"->'en'->>'title', '') || ' ' || coalesce("translations"->'en'->>'description', '') || ' ' || coalesce("translations"->'nl'->>'title', '') || ' ' || coalesce("translations"->'nl'->>'description', '') || ' ' || coalesce("translations"->'fr'->>'title', '') || ' ' || coalesce("translations"->'fr'->>'description', '')) gin_trgm_ops);
