import { z } from "zod";
import { SUBSCRIPTION_STATUSES, SUBSCRIPTION_TIERS } from "@db/schema/enums";
import { LIMITS, enumField, optionalDate, optionalText, requiredDate, requiredText } from "~/lib/forms/validation";

const SUBSCRIPTION_REQUIRED = "admin:subscriptions.required";
const PRICE_INVALID = "admin:subscriptions.priceInvalid";
const PRICE_NEGATIVE = "admin:subscriptions.priceNegative";
/** The highest monthly price accepted, in euro cents (100,000 euros). */
const PRICE_MAX_CENTS = 10_000_000;

/**
 * The monthly price in euros as typed ("19.99", "19,99", "€ 20"), to whole cents; blank is 0 (a free
 * subscription). A minus sign, more than two decimals, or anything that is not a number is refused.
 */
const monthlyPrice = z
  .unknown()
  .optional()
  .transform((v, ctx): number => {
    const text = typeof v === "string" ? v.trim().replace(/^€\s*/, "") : v == null ? "" : null;
    if (text === "") return 0;
    if (text === null || text.length > 20) {
      ctx.addIssue({ code: "custom", message: PRICE_INVALID });
      return z.NEVER;
    }
    if (/^-\s*\d/.test(text)) {
      ctx.addIssue({ code: "custom", message: PRICE_NEGATIVE });
      return z.NEVER;
    }
    const m = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text);
    const cents = m ? Number(m[1]) * 100 + Number((m[2] ?? "0").padEnd(2, "0")) : Number.NaN;
    if (!Number.isSafeInteger(cents) || cents > PRICE_MAX_CENTS) {
      ctx.addIssue({ code: "custom", message: PRICE_INVALID });
      return z.NEVER;
    }
    return cents;
  });

/** docs/product.md: user, tier, status and start date required; status is set freely. */
export const subscriptionSchema = z
  .object({
    user_id: requiredText(64, SUBSCRIPTION_REQUIRED),
    tier: enumField(SUBSCRIPTION_TIERS, SUBSCRIPTION_REQUIRED),
    status: enumField(SUBSCRIPTION_STATUSES, SUBSCRIPTION_REQUIRED),
    start_date: requiredDate(SUBSCRIPTION_REQUIRED),
    end_date: optionalDate(),
    payment_customer_id: optionalText(LIMITS.short),
    payment_subscription_id: optionalText(LIMITS.short),
    monthly_price: monthlyPrice,
  })
  .superRefine((v, ctx) => {
    if (v.end_date && v.end_date < v.start_date) {
      ctx.addIssue({ code: "custom", path: ["end_date"], message: "admin:subscriptions.endBeforeStart" });
    }
  });
/** The parsed form; a caller that gives no monthly price (a script, an older test) stores 0. */
export type SubscriptionInput = Omit<z.output<typeof subscriptionSchema>, "monthly_price"> & { monthly_price?: number };
