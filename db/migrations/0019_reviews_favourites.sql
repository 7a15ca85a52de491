-- Reviews of merchants by signed-in users: one per user per merchant (editable, deletable), a rating of 1 to 5,
-- an optional text, and the merchant's single public answer. Published at once; flags by other users put a
-- review in the administrators' queue and three flags hide it until an administrator decides.
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" text NOT NULL,
	"user_id" text NOT NULL,
	"rating" integer NOT NULL,
	"body" text,
	"verified" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"flag_count" integer DEFAULT 0 NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"moderated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK (rating between 1 and 5),
	CONSTRAINT "reviews_status_check" CHECK (status in ('published', 'hidden')),
	CONSTRAINT "reviews_flag_count_check" CHECK (flag_count >= 0)
);
--> statement-breakpoint
CREATE TABLE "review_flags" (
	"review_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_flags_review_id_user_id_pk" PRIMARY KEY("review_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"promotion_id" uuid,
	"event_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_one_target_check" CHECK ((promotion_id is null) <> (event_id is null))
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_flags" ADD CONSTRAINT "review_flags_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_flags" ADD CONSTRAINT "review_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_merchant_user_key" ON "reviews" USING btree ("merchant_id","user_id");--> statement-breakpoint
CREATE INDEX "reviews_merchant_status_created_idx" ON "reviews" USING btree ("merchant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reviews_flagged_idx" ON "reviews" USING btree ("created_at") WHERE flag_count > 0 or status = 'hidden';--> statement-breakpoint
CREATE INDEX "review_flags_user_idx" ON "review_flags" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "favourites_user_promotion_key" ON "favourites" USING btree ("user_id","promotion_id") WHERE promotion_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "favourites_user_event_key" ON "favourites" USING btree ("user_id","event_id") WHERE event_id is not null;--> statement-breakpoint
CREATE INDEX "favourites_user_created_idx" ON "favourites" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "favourites_promotion_idx" ON "favourites" USING btree ("promotion_id");--> statement-breakpoint
CREATE INDEX "favourites_event_idx" ON "favourites" USING btree ("event_id");
