/**
 * A promotion's last 30 days: a small bar chart (views, with the day's clicks stacked on top) that
 * screen readers get as one sentence, and the same numbers as a table under "Show as a table".
 */
import { useId } from "react";
import { formatDate, formatNumber } from "~/lib/i18n/format";
import { useTranslation } from "~/lib/i18n/react";
import type { DailyPoint } from "~/modules/metrics";

const WIDTH = 300;
const HEIGHT = 80;
const GAP = 2;

export function DailyChart({ title, days }: { title: string; days: DailyPoint[] }) {
  const { t, i18n } = useTranslation("merchant");
  const lng = i18n.language;
  const id = useId();
  const max = Math.max(1, ...days.map((d) => d.views + d.clicks));
  const views = days.reduce((s, d) => s + d.views, 0);
  const clicks = days.reduce((s, d) => s + d.clicks, 0);
  const busiest = days.reduce<DailyPoint | null>(
    (best, d) => (d.views + d.clicks > (best ? best.views + best.clicks : 0) ? d : best),
    null,
  );
  const bar = WIDTH / Math.max(days.length, 1);
  const summary = busiest
    ? t("metrics.chartSummary", {
        views: formatNumber(views, lng),
        clicks: formatNumber(clicks, lng),
        day: formatDate(busiest.day, lng),
        busiest: formatNumber(busiest.views + busiest.clicks, lng),
      })
    : t("metrics.chartEmpty");
  const first = days[0]?.day;
  const last = days.at(-1)?.day;

  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-20 w-full"
        role="img"
        aria-labelledby={`${id}-title`}
        preserveAspectRatio="none"
      >
        <title id={`${id}-title`}>{`${title}: ${summary}`}</title>
        <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="stroke-slate-300" strokeWidth="1" />
        {days.map((d, i) => {
          const vh = (d.views / max) * (HEIGHT - 4);
          const ch = (d.clicks / max) * (HEIGHT - 4);
          const x = i * bar + GAP / 2;
          const w = Math.max(bar - GAP, 1);
          return (
            <g key={d.day}>
              {d.views > 0 && <rect x={x} y={HEIGHT - vh} width={w} height={vh} className="fill-brand-600" />}
              {d.clicks > 0 && <rect x={x} y={HEIGHT - vh - ch} width={w} height={ch} className="fill-amber-600" />}
            </g>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
        <span>{first ? formatDate(first, lng) : ""}</span>
        <span className="flex items-center gap-3">
          <span className="flex items-center gap-1">
            <span aria-hidden="true" className="inline-block size-2.5 rounded-sm bg-brand-600" />
            {t("metrics.views")}
          </span>
          <span className="flex items-center gap-1">
            <span aria-hidden="true" className="inline-block size-2.5 rounded-sm bg-amber-600" />
            {t("metrics.clicks")}
          </span>
        </span>
        <span>{last ? formatDate(last, lng) : ""}</span>
      </figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer text-brand-800 underline-offset-2 hover:underline">
          {t("metrics.showTable")}
          <span className="sr-only">: {title}</span>
        </summary>
        <div className="mt-2">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">{t("metrics.tableCaption", { title })}</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-1 pr-4 font-semibold">
                  {t("metrics.day")}
                </th>
                <th scope="col" className="py-1 pr-4 text-right font-semibold">
                  {t("metrics.views")}
                </th>
                <th scope="col" className="py-1 text-right font-semibold">
                  {t("metrics.clicks")}
                </th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((d) => (
                <tr key={d.day} className="border-b border-slate-100">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {formatDate(d.day, lng)}
                  </th>
                  <td className="py-1 pr-4 text-right tabular-nums">{formatNumber(d.views, lng)}</td>
                  <td className="py-1 text-right tabular-nums">{formatNumber(d.clicks, lng)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
