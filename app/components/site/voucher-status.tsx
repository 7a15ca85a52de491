/** A voucher's status as a badge: claimed (ready to use), redeemed, or expired. */
import type { VoucherStatus } from "~/modules/voucher";
import { useTranslation } from "~/lib/i18n/react";

const STYLE: Record<VoucherStatus, string> = {
  claimed: "bg-green-100 text-green-900",
  redeemed: "bg-slate-200 text-slate-900",
  expired: "bg-amber-100 text-amber-900",
};

export function VoucherStatusBadge({ status }: { status: VoucherStatus }) {
  const { t } = useTranslation("account");
  return (
    <span className={`rounded-full px-3 py-1 text-sm font-semibold ${STYLE[status]}`} data-testid="voucher-status">
      {t(`vouchers.status.${status}`)}
    </span>
  );
}
