/** A promotion's discount in the reader's language: "30% off", "30 % de réduction", "€5.00 off", "5,00 € korting". */
import { formatEuro } from "~/lib/i18n/format";
import { useTranslation } from "~/lib/i18n/react";

type DiscountFields = {
  discount: string | null;
  discountPercent?: number | null;
  discountAmountCents?: number | null;
};

export function useDiscountText() {
  const { t, i18n } = useTranslation();
  return (row: DiscountFields): string | null => {
    const lng = i18n.language;
    if (row.discountPercent) {
      const value = new Intl.NumberFormat(lng, { style: "percent" }).format(row.discountPercent / 100);
      return t("common:discount.off", { value });
    }
    if (row.discountAmountCents)
      return t("common:discount.off", { value: formatEuro(row.discountAmountCents / 100, lng) });
    // A free text from before discounts were numbers, shown as the merchant wrote it.
    return row.discount;
  };
}
