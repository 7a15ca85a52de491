-- Residents' day. A reporter chooses whether the public sees their name with the report (moderators always
-- do); reports filed before this choice existed were published with the name, so they keep it.
ALTER TABLE "reports" ADD COLUMN "show_name" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
-- An approved report can be marked resolved by a moderator, with an optional note mailed to the reporter.
ALTER TABLE "reports" ADD COLUMN "resolved_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolution_note" text;
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_approved_check" CHECK (resolved_at is null or status = 'approved');
--> statement-breakpoint
-- Alerts and digests now go to verified addresses only, and new registrations prove theirs by mail. Accounts
-- that existed before were never asked: they keep receiving what they subscribed to.
UPDATE "users" SET "email_verified" = true WHERE "email_verified" = false;
