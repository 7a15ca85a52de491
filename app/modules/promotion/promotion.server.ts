/**
 * Promotion commands and panel lists for the merchant and the admin panels; the shared
 * owner rules are in merchant/owned.server.ts. Public reads live in promotion.queries.server.ts.
 */
import { promotions } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import type { CrudCommands } from "~/lib/forms/crud.server";
import { ValidationError } from "~/lib/http/errors";
import { translationValues } from "~/lib/i18n/translations.schema";
import { ownedCommands } from "~/modules/merchant/index.server";
import { withGallery } from "~/modules/media";
import { voucherColumns } from "~/modules/voucher";
import { can } from "./promotion.policy";
import { ADMIN_PROMOTION_REQUIRED, type PromotionInput, promotionSchemaFor } from "./promotion.schema";

type PromotionRow = typeof promotions.$inferSelect;

const PROMOTION_NOT_FOUND = "merchant:promotions.errors.notFound";

const commands = ownedCommands<PromotionRow, PromotionInput>({
  table: promotions,
  name: "promotion",
  counted: "promotions",
  notFound: PROMOTION_NOT_FOUND,
  required: ADMIN_PROMOTION_REQUIRED,
  can,
  content: (input) => ({
    title: input.title,
    description: input.description,
    imageUrl: input.image_url,
    validUntil: input.valid_until,
    price: input.price,
    originalPrice: input.original_price,
    // The numbers replace any older free text.
    discount: null,
    discountPercent: input.discount?.percent ?? null,
    discountAmountCents: input.discount?.amountCents ?? null,
    termsAndConditions: input.terms_and_conditions,
    ...(input.tags ? { tags: input.tags } : {}),
    ...voucherColumns(input),
    ...translationValues(input),
  }),
  chosenOwner: (actor, input) => {
    if (!input.merchant_id || !input.category) {
      throw new ValidationError(ADMIN_PROMOTION_REQUIRED, {
        ...(input.merchant_id ? {} : { merchant_id: ADMIN_PROMOTION_REQUIRED }),
        ...(input.category ? {} : { category: ADMIN_PROMOTION_REQUIRED }),
      });
    }
    return {
      merchantId: input.merchant_id,
      category: input.category,
      ...(can(actor, "set-premium") ? { isPremium: input.is_premium === true } : {}),
    };
  },
  // docs/product.md: a merchant's promotion takes its category and premium flag from the merchant's record.
  ownDefaults: (record) => ({ category: record.category, isPremium: record.isPremium }),
});

/** The actor's own promotions, newest first (merchant panel). */
export const listOwnPromotions = commands.listOwn;
/** Every promotion with its merchant's business name, searchable and paged (admin panel). */
export const listAllPromotions = commands.listAll;
export const createPromotion = commands.create;
export const updatePromotion = commands.update;
export const deletePromotion = commands.remove;

/** The panels' promotion commands (lib/forms/crud.server.ts): the form the actor's policy allows. */
export function promotionCommands(actor: Actor): CrudCommands<PromotionInput> {
  // The form also carries the row's gallery (saved with the row by merchant/owned.server.ts).
  const schema = withGallery(promotionSchemaFor(actor));
  return {
    idKind: "uuid",
    notFound: PROMOTION_NOT_FOUND,
    create: { schema, run: (input) => createPromotion(actor, input) },
    update: { schema, run: (id, input) => updatePromotion(actor, id, input) },
    remove: (id) => deletePromotion(actor, id),
  };
}
