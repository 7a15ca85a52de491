/**
 * Promotion forms. Messages are translation keys.
 *
 * Pricing mode: "price" keeps price and the optional original_price and clears discount;
 * "percentage" keeps only discount and clears price and original_price.
 */
import { z } from "zod";
import type { Actor } from "~/lib/auth/auth.server";
import { PROMOTION_CATEGORIES, PROMOTION_TAGS, type PromotionTag } from "@db/schema/enums";
import { can } from "./promotion.policy";
import {
  LIMITS,
  checkbox,
  enumField,
  optionalImageUrl,
  optionalText,
  present,
  requiredDate,
  requiredText,
} from "~/lib/forms/validation";
import { withTranslations } from "~/lib/i18n/translations.schema";
import { checkVoucherFields, voucherFields } from "~/modules/voucher";
import { type Discount, parseDiscount } from "./promotion.discount";

const PRICING_MODES = ["price", "percentage"] as const;
export type PricingMode = (typeof PRICING_MODES)[number];

/** 'Please fill in all required fields (Title, Valid Until, and Price or Discount).' */
const MERCHANT_PROMOTION_REQUIRED = "merchant:promotions.errors.required";
/** 'Please fill in all required fields (Title, Merchant, Valid Until, Category, Price).' */
export const ADMIN_PROMOTION_REQUIRED = "merchant:promotions.errors.adminRequired";

const PRICE_MAX = 60;

/** The translatable fields with their originals' length rules. */
const PROMOTION_TRANSLATABLE = { title: LIMITS.title, description: LIMITS.text, terms: LIMITS.text } as const;

/** The posted field of one tag's checkbox (`tag_vegetarian`); the form marks that it carries tags with TAGS_POSTED. */
export const tagFieldName = (tag: string) => `tag_${tag}`;
export const TAGS_POSTED = "tags_posted";
const UNKNOWN_TAG = "merchant:promotions.errors.unknownTag";

/**
 * The chosen tags: one checkbox per tag (a form keeps one value per name). A form without the marker (an
 * older client) leaves the stored tags alone; an unknown tag is refused, naming nothing stored.
 */
const tagsSchema = z.record(z.string(), z.unknown()).transform((form, ctx): { tags?: PromotionTag[] } => {
  const chosen = Object.keys(form)
    .filter((k) => k.startsWith("tag_") && form[k] !== undefined && form[k] !== "")
    .map((k) => k.slice(4));
  const unknown = chosen.filter((tag) => !(PROMOTION_TAGS as readonly string[]).includes(tag));
  if (unknown.length > 0) {
    ctx.addIssue({ code: "custom", path: ["tags"], message: UNKNOWN_TAG });
    return z.NEVER;
  }
  if (form[TAGS_POSTED] === undefined) return {};
  return { tags: PROMOTION_TAGS.filter((tag) => chosen.includes(tag)) };
});

/** A promotion form schema with its tags. */
const withTags = <S extends z.ZodType>(schema: S) =>
  z.intersection(schema, tagsSchema) as unknown as z.ZodType<z.output<S> & { tags?: PromotionTag[] }>;

const pricingMode = z.preprocess(
  (v) => (typeof v === "string" && v.trim() ? v.trim() : "price"),
  z.enum(PRICING_MODES, { error: "validation.invalid" }),
);

/** "30%", "€5": a percentage or an amount (promotion.discount.ts); anything else is a field error. */
const DISCOUNT_FORMAT = "merchant:promotions.errors.discountFormat";
const discountField = optionalText(PRICE_MAX).transform((s, ctx): Discount | null => {
  if (s === null) return null;
  const parsed = parseDiscount(s);
  if (!parsed) ctx.addIssue({ code: "custom", message: DISCOUNT_FORMAT });
  return parsed;
});

const baseFields = (required: string) => ({
  title: present(requiredText(LIMITS.title, required)),
  description: optionalText(LIMITS.text),
  image_url: optionalImageUrl(),
  valid_until: present(requiredDate(required)),
  pricing_mode: pricingMode,
  price: optionalText(PRICE_MAX),
  original_price: optionalText(PRICE_MAX),
  discount: discountField,
  terms_and_conditions: optionalText(LIMITS.text),
  ...voucherFields,
});

/** Applies the pricing-mode rule; the mode itself is not stored. */
function applyPricingMode<
  T extends {
    pricing_mode: PricingMode;
    price: string | null;
    original_price: string | null;
    discount: Discount | null;
  },
>(v: T): Omit<T, "pricing_mode"> {
  const { pricing_mode, ...rest } = v;
  if (pricing_mode === "percentage") return { ...rest, price: null, original_price: null };
  return { ...rest, discount: null };
}

export const merchantPromotionSchema = withTags(
  withTranslations(
    z
      .object(baseFields(MERCHANT_PROMOTION_REQUIRED))
      .transform(applyPricingMode)
      .superRefine((v, ctx) => {
        checkVoucherFields(v, ctx);
        if (!v.price && !v.discount) {
          ctx.addIssue({ code: "custom", path: ["price"], message: MERCHANT_PROMOTION_REQUIRED });
          ctx.addIssue({ code: "custom", path: ["discount"], message: MERCHANT_PROMOTION_REQUIRED });
        }
      }),
    PROMOTION_TRANSLATABLE,
  ),
);
type MerchantPromotionInput = z.output<typeof merchantPromotionSchema>;

export const adminPromotionSchema = withTags(
  withTranslations(
    z
      .object({
        ...baseFields(ADMIN_PROMOTION_REQUIRED),
        merchant_id: present(requiredText(LIMITS.short, ADMIN_PROMOTION_REQUIRED)),
        category: enumField(PROMOTION_CATEGORIES, ADMIN_PROMOTION_REQUIRED),
        is_premium: checkbox(),
      })
      .transform(applyPricingMode)
      .superRefine((v, ctx) => {
        checkVoucherFields(v, ctx);
        // The admin form requires the price, or the discount when the percentage mode is chosen.
        if (!v.price && !v.discount) {
          ctx.addIssue({ code: "custom", path: ["price"], message: ADMIN_PROMOTION_REQUIRED });
        }
      }),
    PROMOTION_TRANSLATABLE,
  ),
);

/** What the panels' promotion form gives: the content, and the owner fields when the actor may set them. */
export type PromotionInput = MerchantPromotionInput & {
  merchant_id?: string;
  category?: string | null;
  is_premium?: boolean;
};

/** The form an actor posts: with the merchant, category and premium flag when its policy lets it choose them. */
export function promotionSchemaFor(actor: Pick<Actor, "id" | "role">): z.ZodType<PromotionInput> {
  return can(actor, "choose-merchant") ? adminPromotionSchema : merchantPromotionSchema;
}

/** The form's starting pricing mode when editing: percentage if a discount is present. */
export function initialPricingMode(
  row:
    | { discount: string | null; discountPercent?: number | null; discountAmountCents?: number | null }
    | null
    | undefined,
): PricingMode {
  return row?.discount || row?.discountPercent || row?.discountAmountCents ? "percentage" : "price";
}
