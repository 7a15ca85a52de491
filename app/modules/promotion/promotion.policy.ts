import type { Actor } from "~/lib/auth/auth.server";
import { type OwnedAction, canOnOwned } from "~/modules/merchant";

type PromotionAction = OwnedAction | "set-premium";

/**
 * Promotions follow the rule of every row a merchant owns (merchant/owned.policy.ts): a merchant manages
 * only its own promotions, an administrator all of them. Only an administrator sets the premium flag; a
 * merchant's promotion takes it from the merchant record.
 */
export function can(actor: Pick<Actor, "id" | "role"> | null, action: PromotionAction, row?: { merchantId: string }) {
  return canOnOwned(actor, action === "set-premium" ? "choose-merchant" : action, row);
}
