/**
 * The admin dashboard's revenue of the last 12 months: a bar chart that screen readers get as one sentence
 * (its title), and the same figures in a table under it (month, revenue, active subscriptions).
 */
import { useId } from "react";
import { formatEuro, formatNumber } from "~/lib/i18n/format";
import { useTranslation } from "~/lib/i18n/react";

type RevenueMonth = { month: string; cents: number; subscriptions: number };

const WIDTH = 360;
const HEIGHT = 120;
const GAP = 6;

/** "2026-11" as "Nov 2026" in the reader's language (UTC, so server and browser agree). */
function monthLabel(month: string, lng: string): string {
  const locale = lng === "en" ? "en-GB" : `${lng}-BE`;
  return new Intl.DateTimeFormat(locale, { month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

export function RevenueChart({ months }: { months: RevenueMonth[] }) {
  const { t, i18n } = useTranslation("admin");
  const lng = i18n.language;
  const id = useId();
  const max = Math.max(1, ...months.map((m) => m.cents));
  const euro = (cents: number) => formatEuro(cents / 100, lng);
  const best = months.reduce<RevenueMonth | null>((b, m) => (m.cents > (b?.cents ?? 0) ? m : b), null);
  const title = t("revenue.chartTitle");
  const summary = best
    ? t("revenue.chartSummary", {
        first: monthLabel(months[0].month, lng),
        last: monthLabel(months[months.length - 1].month, lng),
        current: euro(months[months.length - 1].cents),
        best: monthLabel(best.month, lng),
        bestAmount: euro(best.cents),
      })
    : t("revenue.chartEmpty");
  const bar = WIDTH / Math.max(months.length, 1);

  return (
    <figure className="space-y-3" data-testid="revenue-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-32 w-full"
        role="img"
        aria-labelledby={`${id}-title`}
        preserveAspectRatio="none"
      >
        <title id={`${id}-title`}>{`${title}: ${summary}`}</title>
        <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="stroke-slate-300" strokeWidth="1" />
        {months.map((m, i) => {
          const h = (m.cents / max) * (HEIGHT - 6);
          return m.cents > 0 ? (
            <rect
              key={m.month}
              x={i * bar + GAP / 2}
              y={HEIGHT - h}
              width={Math.max(bar - GAP, 1)}
              height={h}
              className={i === months.length - 1 ? "fill-brand-700" : "fill-brand-500"}
            />
          ) : null;
        })}
      </svg>
      <figcaption className="flex justify-between text-xs text-slate-600">
        <span>{months[0] ? monthLabel(months[0].month, lng) : ""}</span>
        <span>{months.length ? monthLabel(months[months.length - 1].month, lng) : ""}</span>
      </figcaption>
      <div className="overflow-x-auto">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">{t("revenue.tableCaption")}</caption>
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="py-1 pr-4 font-semibold">
                {t("revenue.month")}
              </th>
              <th scope="col" className="py-1 pr-4 text-right font-semibold">
                {t("revenue.amount")}
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                {t("revenue.subscriptions")}
              </th>
            </tr>
          </thead>
          <tbody>
            {[...months].reverse().map((m) => (
              <tr key={m.month} className="border-b border-slate-100">
                <th scope="row" className="py-1 pr-4 font-normal">
                  {monthLabel(m.month, lng)}
                </th>
                <td className="py-1 pr-4 text-right tabular-nums">{euro(m.cents)}</td>
                <td className="py-1 text-right tabular-nums">{formatNumber(m.subscriptions, lng)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
