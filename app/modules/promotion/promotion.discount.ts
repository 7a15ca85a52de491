/**
 * A promotion's discount: a percentage or an amount in euro, typed by the merchant as "30", "30%", "-30 %",
 * "€5", "5,50 €" or "5 euro", stored as numbers and written out in the reader's language.
 */
import { formatEuro } from "~/lib/i18n/format";

export type Discount = { percent: number | null; amountCents: number | null };

export type DiscountFields = {
  discount: string | null;
  discountPercent?: number | null;
  discountAmountCents?: number | null;
};

/**
 * The discount as the reader reads it (`off` wraps the value: "{{value}} off", "{{value}} korting"), or an
 * older free text as the merchant wrote it, or null. Pages use `useDiscountText`; mails call this directly.
 */
export function discountText(row: DiscountFields, lng: string, off: (value: string) => string): string | null {
  if (row.discountPercent)
    return off(new Intl.NumberFormat(lng, { style: "percent" }).format(row.discountPercent / 100));
  if (row.discountAmountCents) return off(formatEuro(row.discountAmountCents / 100, lng));
  return row.discount;
}

const AMOUNT = /^-?\s*(?:€\s*(\d{1,6}(?:[.,]\d{1,2})?)|(\d{1,6}(?:[.,]\d{1,2})?)\s*(?:€|eur|euros?))$/i;
const PERCENT = /^-?\s*(\d{1,3})\s*%?$/;

/** The discount a text means, or null when it reads as neither (the form then says how to write it). */
export function parseDiscount(text: string): Discount | null {
  const s = text.trim().replace(/\s*(off|korting|de réduction|réduction)$/i, "");
  const amount = AMOUNT.exec(s);
  if (amount) {
    const cents = Math.round(Number((amount[1] ?? amount[2]).replace(",", ".")) * 100);
    return cents > 0 ? { percent: null, amountCents: cents } : null;
  }
  const percent = PERCENT.exec(s);
  if (percent) {
    const n = Number(percent[1]);
    return n >= 1 && n <= 100 ? { percent: n, amountCents: null } : null;
  }
  return null;
}

/** The form field's text for a stored discount ("30%", "€5.50"), or the older free text. */
export function discountInputText(row: {
  discount?: string | null;
  discountPercent?: number | null;
  discountAmountCents?: number | null;
}): string {
  if (row.discountPercent) return `${row.discountPercent}%`;
  if (row.discountAmountCents)
    return `€${(row.discountAmountCents / 100).toFixed(row.discountAmountCents % 100 ? 2 : 0)}`;
  return row.discount ?? "";
}

/** The stored columns of a discount text (the demo data's "20% Off"): the numbers when it reads as one. */
export function discountColumns(text: string | null | undefined) {
  const parsed = text ? parseDiscount(text) : null;
  return {
    discount: parsed ? null : (text ?? null),
    discountPercent: parsed?.percent ?? null,
    discountAmountCents: parsed?.amountCents ?? null,
  };
}
