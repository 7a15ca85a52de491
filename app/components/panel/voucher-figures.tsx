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

/** Every promotion with claimed vouchers: claimed (of the stock) and redeemed, the latest claimed first. */
export function VoucherTable({
  rows,
}: {
  rows: { id: string; title: string; stock: number | null; claimed: number; redeemed: number }[];
}) {
  const { t, i18n } = useTranslation("merchant");
  const n = (v: number) => formatNumber(v, i18n.language);
  return (
    <section aria-labelledby="vouchers-heading" className="space-y-3">
      <h2 id="vouchers-heading" className="text-lg font-semibold text-slate-900">
        {t("vouchers.table.title")}
      </h2>
      {rows.length === 0 ? (
        <p className="card p-6 text-center text-slate-600">{t("vouchers.table.empty")}</p>
      ) : (
        <div className="card overflow-x-auto">
          <table className="w-full table-fixed text-left text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">
                  {t("vouchers.table.promotion")}
                </th>
                <th scope="col" className="px-4 py-2 text-right font-semibold">
                  {t("vouchers.figures.claimed")}
                </th>
                <th scope="col" className="px-4 py-2 text-right font-semibold">
                  {t("vouchers.figures.redeemed")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((r) => (
                <tr key={r.id} data-testid={`vouchers-${r.id}`}>
                  <th scope="row" className="break-words px-4 py-2 font-medium text-slate-900">
                    {r.title}
                  </th>
                  <td className="px-4 py-2 text-right tabular-nums" data-testid="vouchers-claimed">
                    {r.stock === null
                      ? n(r.claimed)
                      : t("vouchers.table.of", { claimed: n(r.claimed), total: n(r.stock) })}
                  </td>
                  <td className="px-4 py-2 text-right tabular-nums" data-testid="vouchers-redeemed">
                    {n(r.redeemed)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
