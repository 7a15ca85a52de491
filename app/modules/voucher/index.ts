/** The voucher module's door for code that also runs in the browser (status type, form rules). */
export { CODE_ALPHABET } from "./voucher.code";
export type { VoucherStatus } from "./voucher.code";
export { checkVoucherFields, voucherColumns, voucherFields } from "./voucher.schema";
