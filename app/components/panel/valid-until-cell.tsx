/** A promotion's last valid day in the panels' lists, marked "Expired" once it has passed. */
import { daysLeft, formatDate } from "~/lib/i18n/format";
import { useTranslation } from "~/lib/i18n/react";

export function ValidUntilCell({ validUntil }: { validUntil: string }) {
  const { t, i18n } = useTranslation("merchant");
  const expired = daysLeft(validUntil) < 0;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {formatDate(validUntil, i18n.language)}
      {expired && (
        <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
          {t("vouchers.expiredBadge")}
        </span>
      )}
    </span>
  );
}
