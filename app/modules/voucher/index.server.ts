/** The voucher module's server door: what routes, the server and other modules may use of it on the server. */
export {
  checkVoucher,
  claimVoucher,
  getMyVoucher,
  listMyVouchers,
  merchantVoucherCounts,
  redeemVoucher,
  voucherInfoFor,
} from "./voucher.server";
