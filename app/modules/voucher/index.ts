/** The voucher module's door for code that also runs in the browser (policy, codes, form rules). */
export { can } from "./voucher.policy";
export { formatCode, normalizeCode } from "./voucher.code";
export type { VoucherStatus } from "./voucher.code";
export { checkVoucherFields, voucherColumns, voucherFields } from "./voucher.schema";
