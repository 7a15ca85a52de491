/** Admin panel: one report opened in full before the moderator approves, rejects or deletes it. */
import { useEffect, useRef } from "react";
import { type ShouldRevalidateFunctionArgs, data, useNavigate } from "react-router";
import { PanelHeader, useCrud } from "~/components/crud";
import { ReportDetail } from "~/components/panel/report-detail";
import { ReportDecisionDialogs } from "~/components/panel/report-moderation";
import { requireAdmin } from "~/lib/auth/guards.server";
import { type Intent, panelAction } from "~/lib/forms/crud.server";
import { HttpError } from "~/lib/http/errors";
import { metaTags } from "~/lib/http/meta";
import { useTranslation } from "~/lib/i18n/react";
import { type ModerationInput, moderationSchema } from "~/modules/report";
import { deleteReport, moderateReport, reportForModeration } from "~/modules/report/index.server";
import { mapTiles } from "~/modules/settings/index.server";
import type { Route } from "./+types/report-detail";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireAdmin(request, context);
  try {
    const [report, tiles] = await Promise.all([reportForModeration(actor, params.reportId), mapTiles()]);
    return { report, tiles, meta: { title: context.t("admin:moderation.title"), noindex: true } };
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) throw data(null, { status: 404 });
    throw err;
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireAdmin(request, context);
  const moderate = (decision: "approved" | "rejected"): Intent => ({
    success: `admin:reports.${decision}`,
    failure: "admin:reports.statusFailed",
    row: true,
    schema: decision === "rejected" ? moderationSchema : undefined,
    run: (input) =>
      moderateReport(
        actor,
        params.reportId,
        decision,
        decision === "rejected" ? (input as ModerationInput) : undefined,
      ),
  });
  return panelAction(
    request,
    context,
    { idKind: "uuid", remove: () => deleteReport(actor, params.reportId) },
    { deleted: "admin:reports.deleted", deleteFailed: "admin:reports.deleteFailed", invalid: "admin:common.fixErrors" },
    { approve: moderate("approved"), reject: moderate("rejected") },
  );
}

/** A deleted report has no page left to reload: the screen goes back to the queue instead. */
export function shouldRevalidate({ formData, actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "delete" && actionResult?.ok) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export default function ReportDetailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const crud = useCrud();
  const navigate = useNavigate();
  const { report } = loaderData;
  // Once this page's own delete has succeeded (announced by its dialog), back to the queue.
  const deleting = useRef(false);
  const { state, formData, data: result } = crud.fetcher;
  useEffect(() => {
    if (state === "submitting") deleting.current = formData?.get("intent") === "delete";
    if (state === "idle" && deleting.current && result?.ok) {
      deleting.current = false;
      navigate("/admin/reports", { state: { focusHeading: true } });
    }
  }, [state, formData, result, navigate]);
  return (
    <div className="space-y-6">
      <PanelHeader title={t("admin:moderation.title")} />
      <ReportDetail report={report} tiles={loaderData.tiles} onDecide={(kind) => crud.open({ kind })} />
      <ReportDecisionDialogs crud={crud} row={report} />
    </div>
  );
}
