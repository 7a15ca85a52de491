CREATE TABLE "municipality_follows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"municipality_id" uuid NOT NULL,
	"urgent_alerts" boolean DEFAULT true NOT NULL,
	"weekly_digest" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"municipality_id" uuid NOT NULL,
	"user_id" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscriptions_status_check" CHECK (status in ('pending', 'confirmed')),
	CONSTRAINT "newsletter_subscriptions_locale_check" CHECK (locale in ('en', 'nl', 'fr'))
);
--> statement-breakpoint
ALTER TABLE "municipality_follows" ADD CONSTRAINT "municipality_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipality_follows" ADD CONSTRAINT "municipality_follows_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_subscriptions_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "municipality_follows_user_municipality_key" ON "municipality_follows" USING btree ("user_id","municipality_id");--> statement-breakpoint
CREATE INDEX "municipality_follows_urgent_idx" ON "municipality_follows" USING btree ("municipality_id","id") WHERE urgent_alerts;--> statement-breakpoint
CREATE INDEX "municipality_follows_digest_idx" ON "municipality_follows" USING btree ("municipality_id","id") WHERE weekly_digest;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_email_municipality_key" ON "newsletter_subscriptions" USING btree ("email","municipality_id");--> statement-breakpoint
CREATE INDEX "newsletter_subscriptions_confirmed_idx" ON "newsletter_subscriptions" USING btree ("municipality_id","id") WHERE status = 'confirmed';--> statement-breakpoint
CREATE INDEX "newsletter_subscriptions_user_idx" ON "newsletter_subscriptions" USING btree ("user_id");