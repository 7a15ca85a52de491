/** A promotion's claimed and redeemed vouchers, as two more figures beside its views and clicks. */
import { formatNumber } from "~/lib/i18n/format";
import { useTranslation } from "~/lib/i18n/react";

export function VoucherFigures({ counts }: { counts?: { claimed: number; redeemed: number } }) {
  const { t, i18n } = useTranslation("merchant");
  return (
    <>
      {(["claimed", "redeemed"] as const).map((k) => (
        <div key={k} className="rounded-lg bg-brand-50 px-2 py-1.5">
          <dt className="text-xs text-slate-700">{t(`vouchers.figures.${k}`)}</dt>
          <dd className="font-semibold text-slate-900 tabular-nums" data-testid={`figure-vouchers-${k}`}>
            {formatNumber(counts?.[k] ?? 0, i18n.language)}
          </dd>
        </div>
      ))}
    </>
  );
}
