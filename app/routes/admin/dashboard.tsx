import {
  Activity,
  ArrowRight,
  BadgePercent,
  CalendarDays,
  Euro,
  Store,
  UserPlus,
  Users,
  type LucideIcon,
} from "~/components/icons";
import { useTranslation } from "~/lib/i18n/react";
import { Link } from "~/components/link";
import { PanelHeader } from "~/components/crud";
import { formatEuro, formatNumber, formatRelative } from "~/lib/i18n/format";
import { requireAdmin } from "~/lib/auth/guards.server";
import { log } from "~/lib/log.server";
import { metaTags } from "~/lib/http/meta";
import { type DashboardStats, dashboardStats, recentActivities } from "~/modules/admin/index.server";
import { activitiesToday } from "~/modules/metrics/index.server";
import { type RevenueMonth, monthlyRevenue } from "~/modules/subscription/index.server";
import { RevenueChart } from "~/components/panel/revenue-chart";
import type { LogRow } from "~/modules/log/index.server";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request, context);
  // docs/product.md: failed fetches are only logged; their cards keep "...".
  const [stats, activities, today, revenue] = await Promise.all([
    dashboardStats(actor).catch((err): DashboardStats | null => {
      log("error", "dashboard stats failed", { err });
      return null;
    }),
    recentActivities(actor).catch((err): LogRow[] | null => {
      log("error", "dashboard activities failed", { err });
      return null;
    }),
    // Views and clicks on promotions and events today, plus today's log entries.
    activitiesToday(actor).catch((err) => {
      log("error", "dashboard activities today failed", { err });
      return null;
    }),
    // This month's and the 11 months before: the sums of the active subscriptions' monthly prices.
    monthlyRevenue(actor).catch((err): RevenueMonth[] | null => {
      log("error", "dashboard revenue failed", { err });
      return null;
    }),
  ]);
  // "5 minutes ago" is computed against the server's clock on both sides, so the browser's first render matches
  // the server's HTML (a clock of its own would differ by the page's travel time: React's hydration error #418).
  return {
    stats,
    activities,
    today,
    revenue,
    now: new Date().toISOString(),
    meta: { title: context.t("admin:dashboard.title"), noindex: true },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  return new Response(null, { status: 405 });
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

type Card = { key: string; label: string; value: string; icon: LucideIcon; note?: string };

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { stats, activities, today, revenue } = loaderData;
  const thisMonth = revenue?.at(-1);
  const now = new Date(loaderData.now);
  const lng = i18n.language;
  const n = (v: number | undefined) => (v === undefined ? "..." : formatNumber(v, lng));
  const cards: Card[] = [
    { key: "totalUsers", label: t("admin:dashboard.totalUsers"), value: n(stats?.totalUsers), icon: Users },
    { key: "totalMerchants", label: t("admin:dashboard.totalMerchants"), value: n(stats?.totalMerchants), icon: Store },
    {
      key: "activePromotions",
      label: t("admin:dashboard.activePromotions"),
      value: n(stats?.activePromotions),
      icon: BadgePercent,
    },
    {
      key: "activeEvents",
      label: t("admin:dashboard.activeEvents"),
      value: n(stats?.activeEvents),
      icon: CalendarDays,
    },
    { key: "newUsers", label: t("admin:dashboard.newUsers"), value: n(stats?.newUsers7d), icon: UserPlus },
    { key: "newMerchants", label: t("admin:dashboard.newMerchants"), value: n(stats?.newMerchants7d), icon: Store },
    {
      key: "revenue",
      label: t("admin:dashboard.monthlyRevenue"),
      value: thisMonth ? formatEuro(thisMonth.cents / 100, lng) : "...",
      icon: Euro,
      note: thisMonth ? t("admin:revenue.note", { count: thisMonth.subscriptions }) : undefined,
    },
    {
      key: "activities",
      label: t("admin:dashboard.activitiesToday"),
      value: n(today?.total),
      icon: Activity,
      note: today
        ? t("admin:activity.note", { visits: formatNumber(today.visits, lng), logged: formatNumber(today.logged, lng) })
        : undefined,
    },
  ];
  const quick = [
    { to: "/admin/users", label: t("admin:dashboard.manageUsers"), icon: Users },
    { to: "/admin/merchants", label: t("admin:dashboard.manageMerchants"), icon: Store },
    { to: "/admin/promotions", label: t("admin:dashboard.managePromotions"), icon: BadgePercent },
    { to: "/admin/events", label: t("admin:dashboard.manageEvents"), icon: CalendarDays },
  ];

  return (
    <div className="space-y-8">
      <PanelHeader title={t("admin:dashboard.title")} intro={t("admin:dashboard.intro")} />

      <section aria-labelledby="stats-heading">
        <h2 id="stats-heading" className="sr-only">
          {t("admin:dashboard.stats")}
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {cards.map(({ key, label, value, icon: Icon, note }) => (
            <li key={key} className="card flex min-w-0 flex-col gap-2 p-3 sm:p-4" data-testid={`stat-${key}`}>
              <div className="flex items-start justify-between gap-2">
                <span className="min-w-0 hyphens-auto text-sm font-medium break-words text-slate-700">{label}</span>
                <span className="hidden rounded-lg bg-brand-50 p-2 text-brand-700 min-[400px]:block">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
              </div>
              <span className="text-2xl font-bold text-slate-900 sm:text-3xl">{value}</span>
              {note && <span className="text-xs text-slate-600">{note}</span>}
            </li>
          ))}
        </ul>
      </section>

      {revenue && (
        <section aria-labelledby="revenue-heading" className="card p-4 sm:p-6">
          <h2 id="revenue-heading" className="mb-4 text-lg font-semibold text-slate-900">
            {t("admin:revenue.title")}
          </h2>
          <RevenueChart months={revenue} />
        </section>
      )}

      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="recent-heading" className="card min-w-0 p-4 sm:p-6 lg:col-span-2">
          <div className="mb-4 flex items-center justify-between gap-4">
            <h2 id="recent-heading" className="text-lg font-semibold text-slate-900">
              {t("admin:dashboard.recent")}
            </h2>
            <Link to="/admin/logs" className="link text-sm">
              {t("admin:dashboard.viewLogs")}
            </Link>
          </div>
          {activities === null ? (
            <p className="text-slate-600">...</p>
          ) : activities.length === 0 ? (
            <p className="text-slate-600">{t("admin:dashboard.recentEmpty")}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {activities.map((a) => (
                <li key={a.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:justify-between">
                  <div>
                    <p className="text-sm text-slate-900">{a.description}</p>
                    <p className="text-xs text-slate-600">
                      {a.userEmail ?? t("admin:common.system")} · <span className="font-mono">{a.eventType}</span>
                    </p>
                  </div>
                  <time dateTime={new Date(a.createdAt).toISOString()} className="shrink-0 text-xs text-slate-600">
                    {formatRelative(a.createdAt, lng, now)}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="quick-heading" className="card p-4 sm:p-6">
          <h2 id="quick-heading" className="mb-4 text-lg font-semibold text-slate-900">
            {t("admin:dashboard.quickActions")}
          </h2>
          <ul className="space-y-2">
            {quick.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-4 py-3 text-sm font-medium text-slate-800 hover:border-brand-600 hover:bg-brand-50"
                >
                  <span className="flex items-center gap-3">
                    <Icon aria-hidden="true" className="size-5 text-brand-700" />
                    {label}
                  </span>
                  <ArrowRight aria-hidden="true" className="size-4 text-slate-500" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
