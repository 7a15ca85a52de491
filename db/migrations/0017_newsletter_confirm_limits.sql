-- How many newsletter confirmation mails one address was sent in its current 24-hour window, across every
-- municipality. The key is a keyed hash of the normalised address (lower case, "+tag" removed): no address is
-- stored. A window that ended is restarted by the next request; the retention job deletes ended windows.
CREATE TABLE "newsletter_confirm_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"sent" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "newsletter_confirm_limits_window_ends_idx" ON "newsletter_confirm_limits" USING btree ("window_ends_at");
