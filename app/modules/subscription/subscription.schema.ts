import { z } from "zod";
import { SUBSCRIPTION_STATUSES, SUBSCRIPTION_TIERS } from "@db/schema/enums";
import { LIMITS, enumField, optionalDate, optionalText, requiredDate, requiredText } from "~/lib/forms/validation";

const SUBSCRIPTION_REQUIRED = "admin:subscriptions.required";

/** SPEC §5 Subscription: user, tier, status and start date required; status is set freely. */
export const subscriptionSchema = z
  .object({
    user_id: requiredText(64, SUBSCRIPTION_REQUIRED),
    tier: enumField(SUBSCRIPTION_TIERS, SUBSCRIPTION_REQUIRED),
    status: enumField(SUBSCRIPTION_STATUSES, SUBSCRIPTION_REQUIRED),
    start_date: requiredDate(SUBSCRIPTION_REQUIRED),
    end_date: optionalDate(),
    payment_customer_id: optionalText(LIMITS.short),
    payment_subscription_id: optionalText(LIMITS.short),
  })
  .superRefine((v, ctx) => {
    if (v.end_date && v.end_date < v.start_date) {
      ctx.addIssue({ code: "custom", path: ["end_date"], message: "admin:subscriptions.endBeforeStart" });
    }
  });
export type SubscriptionInput = z.output<typeof subscriptionSchema>;
