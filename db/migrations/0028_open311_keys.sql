-- Open311 GeoReport v2: the API keys administrators issue to the town's own systems (only a SHA-256 hash of the
-- key is kept; the key itself is shown once), and which key filed a report that came in through the API.
CREATE TABLE "open311_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "open311_keys_name_check" CHECK (char_length(name) between 1 and 120),
	CONSTRAINT "open311_keys_hash_check" CHECK (key_hash ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "open311_keys" ADD CONSTRAINT "open311_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "open311_keys_key_hash_key" ON "open311_keys" USING btree ("key_hash");
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "open311_key_id" uuid;
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_open311_key_id_open311_keys_id_fk" FOREIGN KEY ("open311_key_id") REFERENCES "public"."open311_keys"("id") ON DELETE set null ON UPDATE no action;
