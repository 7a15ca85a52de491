/** Merchant panel dashboard: figures, quick links and the 5 latest activities. */
import {
  Activity,
  BadgePercent,
  Building2,
  CalendarDays,
  ChevronRight,
  MousePointerClick,
  Star,
} from "~/components/icons";
import { useTranslation } from "~/lib/i18n/react";
import { redirect } from "react-router";
import { Link } from "~/components/link";
import { PageHeading } from "~/components/page-heading";
import { formatNumber, formatRelative } from "~/lib/i18n/format";
import { requireRole } from "~/lib/auth/guards.server";
import { metaTags } from "~/lib/http/meta";
import { merchantDashboard } from "~/modules/merchant/index.server";
import { CLICK_KINDS } from "~/modules/metrics";
import { VoucherFigures, VoucherTable } from "~/components/panel/voucher-figures";
import { merchantMetrics } from "~/modules/metrics/index.server";
import { DailyChart } from "~/components/panel/metrics-chart";
import { merchantVoucherCounts } from "~/modules/voucher/index.server";
import type { Route } from "./+types/dashboard";

/** docs/product.md: admits merchant and admin; without a merchant record for the user's id, to /. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, ["merchant", "admin"]);
  const dashboard = await merchantDashboard(actor);
  if (!dashboard) throw redirect("/");
  // Real views and clicks of this merchant's promotions and events (written every few seconds).
  const [metrics, vouchers] = await Promise.all([
    merchantMetrics(actor, actor.id),
    merchantVoucherCounts(actor, actor.id),
  ]);
  return {
    ...dashboard,
    recent: dashboard.recent.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
    metrics,
    vouchers,
    now: new Date().toISOString(),
    meta: { title: context.t("common:panel.menu.dashboard"), noindex: true },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export default function MerchantDashboard({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("merchant");
  const lng = i18n.language;
  const now = new Date(loaderData.now);
  const stats = [
    {
      key: "promotions",
      label: t("dashboard.stats.totalPromotions"),
      value: loaderData.totalPromotions,
      icon: BadgePercent,
      hint: null,
    },
    {
      key: "events",
      label: t("dashboard.stats.activeEvents"),
      value: loaderData.activeEvents,
      icon: CalendarDays,
      hint: t("dashboard.stats.activeEventsHint"),
    },
    {
      key: "views",
      label: t("metrics.totalViews"),
      value: loaderData.metrics.totals.view,
      icon: Activity,
      hint: t("metrics.totalViewsHint"),
    },
    {
      key: "clicks",
      label: t("metrics.totalClicks"),
      value: loaderData.metrics.clicks,
      icon: MousePointerClick,
      hint: t("metrics.totalClicksHint"),
    },
  ];
  const links = [
    {
      to: "/merchant/promotions",
      title: t("dashboard.quickLinks.promotions"),
      text: t("dashboard.quickLinks.promotionsText"),
      icon: BadgePercent,
    },
    {
      to: "/merchant/events",
      title: t("dashboard.quickLinks.events"),
      text: t("dashboard.quickLinks.eventsText"),
      icon: CalendarDays,
    },
    {
      to: "/merchant/profile",
      title: t("dashboard.quickLinks.profile"),
      text: t("dashboard.quickLinks.profileText"),
      icon: Building2,
    },
  ];

  return (
    <div className="space-y-8">
      <PageHeading title={t("dashboard.welcome", { name: loaderData.businessName })}>
        <p>{t("dashboard.subtitle")}</p>
        {loaderData.isPremium && (
          <p className="mt-2 inline-flex items-center gap-1 rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
            <Star aria-hidden="true" className="size-4" />
            {t("dashboard.premium")}
          </p>
        )}
      </PageHeading>

      <section aria-labelledby="stats-heading">
        <h2 id="stats-heading" className="sr-only">
          {t("dashboard.stats.label")}
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {stats.map(({ key, label, value, icon: Icon, hint }) => (
            <div key={key} className="card p-5">
              <dt className="flex items-center gap-3 text-sm font-medium text-slate-600">
                <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                {label}
              </dt>
              <dd className="mt-3 text-3xl font-bold text-slate-900" data-testid={`stat-${key}`}>
                {formatNumber(value, lng)}
              </dd>
              {hint && <dd className="mt-1 text-xs text-slate-600">{hint}</dd>}
            </div>
          ))}
        </dl>
      </section>

      <PromotionFigures metrics={loaderData.metrics} vouchers={loaderData.vouchers} />
      <VoucherTable rows={loaderData.vouchers} />

      <div className="grid gap-8 lg:grid-cols-5">
        <section aria-labelledby="links-heading" className="min-w-0 lg:col-span-2">
          <h2 id="links-heading" className="mb-3 text-lg font-semibold text-slate-900">
            {t("dashboard.quickLinks.title")}
          </h2>
          <ul className="space-y-3">
            {links.map(({ to, title, text, icon: Icon }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="card flex items-center gap-4 p-4 transition-colors hover:border-brand-500 hover:bg-brand-50"
                >
                  <Icon aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
                  <span className="min-w-0 flex-1 break-words">
                    <span className="block font-semibold text-slate-900">{title}</span>
                    <span className="block text-sm text-slate-600">{text}</span>
                  </span>
                  <ChevronRight aria-hidden="true" className="size-4 text-slate-500" />
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="recent-heading" className="min-w-0 lg:col-span-3">
          <h2 id="recent-heading" className="mb-3 text-lg font-semibold text-slate-900">
            {t("dashboard.recent.title")}
          </h2>
          <div className="card">
            {loaderData.recent.length === 0 ? (
              <p className="p-6 text-center text-slate-600">{t("dashboard.recent.empty")}</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {loaderData.recent.map((a) => {
                  const Icon = a.type === "promotion" ? BadgePercent : CalendarDays;
                  return (
                    <li key={`${a.type}-${a.id}`} className="flex items-center gap-3 px-4 py-3">
                      <span
                        className={`rounded-full p-2 ${a.type === "promotion" ? "bg-brand-50 text-brand-700" : "bg-sky-50 text-sky-800"}`}
                      >
                        <Icon aria-hidden="true" className="size-4" />
                      </span>
                      <div className="min-w-0 flex-1">
                        <p className="truncate font-medium text-slate-900">{a.title}</p>
                        <p className="text-sm text-slate-600">
                          {t(`dashboard.recent.${a.type}`)} ·{" "}
                          <time dateTime={a.createdAt}>
                            {t("dashboard.recent.created", { time: formatRelative(a.createdAt, lng, now) })}
                          </time>
                        </p>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}

/** Per promotion, the all-time counts by kind and the last 30 days as a chart with a table. */
function PromotionFigures({
  metrics,
  vouchers,
}: {
  metrics: Route.ComponentProps["loaderData"]["metrics"];
  vouchers: Route.ComponentProps["loaderData"]["vouchers"];
}) {
  const { t, i18n } = useTranslation("merchant");
  const lng = i18n.language;
  return (
    <section aria-labelledby="figures-heading" className="space-y-3">
      <div>
        <h2 id="figures-heading" className="text-lg font-semibold text-slate-900">
          {t("metrics.title")}
        </h2>
        <p className="text-sm text-slate-600">{t("metrics.intro")}</p>
      </div>
      {metrics.promotions.length === 0 ? (
        <p className="card p-6 text-center text-slate-600">{t("metrics.empty")}</p>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {metrics.promotions.map((p) => (
            <li key={p.id} className="card min-w-0 space-y-3 p-4" data-testid={`figures-${p.id}`}>
              <h3 className="break-words font-semibold text-slate-900">{p.title}</h3>
              <dl className="grid grid-cols-3 gap-2 text-sm sm:grid-cols-4">
                {(["view", ...CLICK_KINDS] as const).map((k) => (
                  <div key={k} className="rounded-lg bg-slate-50 px-2 py-1.5">
                    <dt className="text-xs text-slate-600">{t(`metrics.kinds.${k}`)}</dt>
                    <dd className="font-semibold text-slate-900 tabular-nums" data-testid={`figure-${k}`}>
                      {formatNumber(p.totals[k], lng)}
                    </dd>
                  </div>
                ))}
                <VoucherFigures counts={vouchers.find((v) => v.id === p.id)} />
              </dl>
              <DailyChart title={p.title} days={p.days} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
