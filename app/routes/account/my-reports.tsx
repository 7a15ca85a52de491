import { Megaphone } from "~/components/icons";
import { useTranslation } from "~/lib/i18n/react";
import { Link } from "~/components/link";
import { EmptyState, Pagination } from "~/components/site/cards";
import { formatDateTime } from "~/lib/i18n/format";
import { requireActor } from "~/lib/auth/guards.server";
import { metaTags } from "~/lib/http/meta";
import { municipalitySlugOr } from "~/lib/http/routes-reserved";
import { listMyReports } from "~/modules/report/index.server";
import { findMunicipalitySlugById } from "~/modules/municipality/index.server";
import type { Route } from "./+types/my-reports";
import { REPORT_REJECTION_REASONS, REPORT_TYPES } from "@db/schema/enums";
import { oneOf } from "~/lib/i18n/keys";
import { reportReference } from "~/modules/report";
import { ResolvedNote } from "~/components/site/report-life";

/** My reports: the signed-in resident's own reports in every status, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireActor(request, context);
  const pageRaw = Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10);
  const page = Number.isFinite(pageRaw) && pageRaw > 0 ? Math.min(pageRaw, 1000) : 1;
  const [result, homeSlug] = await Promise.all([
    listMyReports(actor, page),
    actor.municipalityId ? findMunicipalitySlugById(actor.municipalityId) : Promise.resolve(null),
  ]);
  return {
    ...result,
    fileSlug: municipalitySlugOr(homeSlug),
    meta: { title: context.t("account:myReports.title"), noindex: true },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

const STATUS_STYLE: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900",
  approved: "bg-green-100 text-green-900",
  rejected: "bg-slate-200 text-slate-900",
};

export default function MyReports({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("account");
  const { items, page, pages, total } = loaderData;
  const typeLabel = (type: string) => {
    const known = oneOf(REPORT_TYPES, type);
    return known ? t(`site:reportTypes.${known}`) : type;
  };
  const reasonLabel = (reason: string | null) => {
    const known = oneOf(REPORT_REJECTION_REASONS, reason);
    return known ? t(`site:reportReasons.${known}`) : null;
  };
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t("myReports.title")}</h1>
          <p className="mt-1 text-slate-700">{t("myReports.subtitle", { count: total })}</p>
        </div>
        <Link to={`/report/${loaderData.fileSlug}`} className="btn-danger">
          <Megaphone aria-hidden="true" className="size-4" />
          {t("myReports.fileReport")}
        </Link>
      </div>
      <div className="mt-6">
        {items.length === 0 ? (
          <EmptyState message={t("myReports.empty")} />
        ) : (
          <ul className="space-y-4">
            {items.map((r) => (
              <li key={r.id} className="card p-4 sm:p-5" aria-labelledby={`my-report-${r.id}`}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h2 id={`my-report-${r.id}`} className="text-lg font-semibold text-slate-900">
                    {typeLabel(r.type)}
                    <span className="font-normal text-slate-700"> · {r.municipalityName}</span>
                  </h2>
                  <span className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_STYLE[r.status] ?? ""}`}>
                    {t(`myReports.status.${r.status}`)}
                  </span>
                </div>
                <p className="mt-1 text-sm text-slate-700">
                  {t("myReports.filed", { date: formatDateTime(r.createdAt, i18n.language) })} ·{" "}
                  <span className="font-mono">{t("myReports.reference", { reference: reportReference(r.id) })}</span>
                  {!r.showName && <> · {t("myReports.anonymous")}</>}
                </p>
                <p className="mt-3 whitespace-pre-line break-words text-slate-900">{r.description}</p>
                {r.status === "rejected" && (r.reason || r.note) && (
                  <div className="mt-3 rounded-lg border-l-4 border-slate-400 bg-slate-50 px-3 py-2">
                    <p className="text-sm font-semibold text-slate-800">{t("myReports.reason")}</p>
                    {reasonLabel(r.reason) && <p className="text-slate-900">{reasonLabel(r.reason)}</p>}
                    {r.note && <p className="whitespace-pre-line break-words text-slate-900">{r.note}</p>}
                  </div>
                )}
                {r.resolvedAt && <ResolvedNote resolvedAt={r.resolvedAt} note={r.resolutionNote} />}
                {r.status === "approved" && (
                  <p className="mt-3 text-sm">
                    <Link to={`/reports/${r.municipalitySlug}#report-${r.id}`} className="link">
                      {t("myReports.viewPublic", { city: r.municipalityName })}
                    </Link>
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
        <Pagination page={page} pages={pages} />
      </div>
    </main>
  );
}
