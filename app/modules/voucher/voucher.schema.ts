/**
 * The promotion form's voucher fields (stock and per-resident limit) and the code form of the redeem screen.
 * Messages are translation keys.
 */
import { z } from "zod";

const STOCK_MAX = 1_000_000;

const wholeNumber = (message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.union([z.literal(""), z.string().regex(/^-?\d{1,9}$/, message)]).transform((s) => (s === "" ? null : Number(s))),
  );

/** `voucher_stock` (empty: no limit) and `voucher_limit` (empty: 1), checked together. */
export const voucherFields = {
  voucher_stock: wholeNumber("merchant:vouchers.errors.stockInvalid").optional(),
  voucher_limit: wholeNumber("merchant:vouchers.errors.limitInvalid").optional(),
};

type VoucherFieldsInput = { voucher_stock?: number | null; voucher_limit?: number | null };

/** Adds the voucher rules' issues: stock 1 or more, limit 1 or more and never above the stock. */
export function checkVoucherFields(v: VoucherFieldsInput, ctx: z.RefinementCtx) {
  const stock = v.voucher_stock ?? null;
  const limit = v.voucher_limit ?? 1;
  if (stock !== null && (stock < 1 || stock > STOCK_MAX)) {
    ctx.addIssue({ code: "custom", path: ["voucher_stock"], message: "merchant:vouchers.errors.stockInvalid" });
  }
  if (limit < 1 || limit > STOCK_MAX) {
    ctx.addIssue({ code: "custom", path: ["voucher_limit"], message: "merchant:vouchers.errors.limitInvalid" });
  } else if (stock !== null && stock >= 1 && limit > stock) {
    ctx.addIssue({ code: "custom", path: ["voucher_limit"], message: "merchant:vouchers.errors.limitAboveStock" });
  }
}

/** The stored columns of the voucher fields. */
export function voucherColumns(v: VoucherFieldsInput) {
  return { voucherStock: v.voucher_stock ?? null, voucherLimit: v.voucher_limit ?? 1 };
}
