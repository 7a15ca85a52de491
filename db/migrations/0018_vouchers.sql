-- Vouchers: a promotion may have a stock (how many vouchers in all; null: no limit) and a limit per resident.
-- A claimed voucher is a short code a resident shows at the counter; the merchant marks it redeemed once.
ALTER TABLE "promotions" ADD COLUMN "voucher_stock" integer;
--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "voucher_limit" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_voucher_stock_check" CHECK (voucher_stock is null or voucher_stock > 0);
--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_voucher_limit_check" CHECK (voucher_limit >= 1 and (voucher_stock is null or voucher_limit <= voucher_stock));
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promotion_id" uuid NOT NULL,
	"user_id" text,
	"code" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"redeemed_at" timestamp with time zone,
	CONSTRAINT "vouchers_code_key" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "vouchers_promotion_idx" ON "vouchers" USING btree ("promotion_id","redeemed_at");
--> statement-breakpoint
CREATE INDEX "vouchers_user_claimed_idx" ON "vouchers" USING btree ("user_id","claimed_at");
