/** A promotion's discount in the reader's language: "30% off", "30 % de réduction", "€5.00 off", "5,00 € korting". */
import { useTranslation } from "~/lib/i18n/react";
import { type DiscountFields, discountText } from "~/modules/promotion";

export function useDiscountText() {
  const { t, i18n } = useTranslation();
  return (row: DiscountFields): string | null =>
    discountText(row, i18n.language, (value) => t("common:discount.off", { value }));
}
