-- A municipality's own contact address and postal address, shown in the site footer on its pages (the platform
-- settings' ones elsewhere, or nothing when neither is set).
ALTER TABLE "municipalities" ADD COLUMN "contact_email" text;
--> statement-breakpoint
ALTER TABLE "municipalities" ADD COLUMN "postal_address" text;
--> statement-breakpoint
-- A merchant's all-time figures survive deleting a promotion or an event: how many promotions it ever created,
-- and the views and clicks of those it deleted (their daily rows go with them), added back to the live sums.
ALTER TABLE "merchants" ADD COLUMN "promotions_created" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "retired_views" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "retired_clicks" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "merchants" SET "promotions_created" = (SELECT count(*) FROM "promotions" p WHERE p."merchant_id" = "merchants"."id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION merchant_promotion_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE merchants SET promotions_created = promotions_created + 1 WHERE id = NEW.merchant_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Before the row goes (its daily_metrics rows are deleted by the cascade after it): fold its counts into the
-- merchant. When the merchant itself is being deleted the UPDATE finds no row, which is what we want.
CREATE OR REPLACE FUNCTION merchant_metrics_retire() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE merchants SET
    retired_views = retired_views + s.views,
    retired_clicks = retired_clicks + s.clicks
  FROM (
    SELECT coalesce(sum(count) FILTER (WHERE kind = 'view'), 0) AS views,
           coalesce(sum(count) FILTER (WHERE kind <> 'view'), 0) AS clicks
      FROM daily_metrics
     WHERE (TG_TABLE_NAME = 'promotions' AND promotion_id = OLD.id)
        OR (TG_TABLE_NAME = 'events' AND event_id = OLD.id)
  ) s
  WHERE merchants.id = OLD.merchant_id AND (s.views > 0 OR s.clicks > 0);
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "promotions_merchant_created" AFTER INSERT ON "promotions" FOR EACH ROW EXECUTE FUNCTION merchant_promotion_created();
--> statement-breakpoint
CREATE TRIGGER "promotions_metrics_retire" BEFORE DELETE ON "promotions" FOR EACH ROW EXECUTE FUNCTION merchant_metrics_retire();
--> statement-breakpoint
CREATE TRIGGER "events_metrics_retire" BEFORE DELETE ON "events" FOR EACH ROW EXECUTE FUNCTION merchant_metrics_retire();
--> statement-breakpoint
-- A promotion's discount as a number, shown in the reader's language ("30% off", "30 % de réduction"), instead of
-- the merchant's free text. Texts that read as a percentage or a euro amount move over; any other stays as it was.
ALTER TABLE "promotions" ADD COLUMN "discount_percent" integer;
--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "discount_amount_cents" integer;
--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_discount_check" CHECK (
  (discount_percent IS NULL OR discount_percent BETWEEN 1 AND 100)
  AND (discount_amount_cents IS NULL OR discount_amount_cents > 0)
  AND num_nonnulls(discount_percent, discount_amount_cents) <= 1
);
--> statement-breakpoint
UPDATE "promotions" SET
  "discount_percent" = substring("discount" from '(\d{1,3})\s*%')::integer,
  "discount" = NULL
WHERE "discount" ~ '^\s*-?\s*\d{1,3}\s*%'
  AND substring("discount" from '(\d{1,3})\s*%')::integer BETWEEN 1 AND 100;
--> statement-breakpoint
UPDATE "promotions" SET
  "discount_amount_cents" = round(replace(substring("discount" from '(\d+(?:[.,]\d{1,2})?)'), ',', '.')::numeric * 100)::integer,
  "discount" = NULL
WHERE "discount" ~* '^\s*-?\s*(€\s*\d+([.,]\d{1,2})?|\d+([.,]\d{1,2})?\s*(€|eur|euro))'
  AND replace(substring("discount" from '(\d+(?:[.,]\d{1,2})?)'), ',', '.')::numeric > 0;
