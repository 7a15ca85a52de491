-- A municipality's own contact address and postal address, shown in the site footer on its pages (the platform
-- settings' ones elsewhere, or nothing when neither is set).
ALTER TABLE "municipalities" ADD COLUMN "contact_email" text;
--> statement-breakpoint
ALTER TABLE "municipalities" ADD COLUMN "postal_address" text;
