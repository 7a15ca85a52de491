/**
 * POST /admin/reports/resolve: a moderator marks an approved report resolved, with an optional note mailed to
 * the reporter. Admin only, like the panel (a guest is sent to /login, any other role to /); the module asks
 * the report policy again. A resource route of its own, so the reports screen only needs the button.
 */
import { requireAdmin } from "~/lib/auth/guards.server";
import { formAction } from "~/lib/forms/crud.server";
import { resolveSchema } from "~/modules/report";
import { type ResolveInput, resolveReport } from "~/modules/report/index.server";
import type { Route } from "./+types/report-resolve";

/** GET is 405, with a short body so that a browser opening the address shows a page rather than failing. */
export async function loader() {
  return new Response("Method Not Allowed", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request, context);
  return formAction(
    request,
    context,
    {
      resolve: {
        success: "admin:reportResolve.done",
        failure: "admin:reportResolve.failed",
        row: true,
        schema: resolveSchema,
        run: (input, id) => resolveReport(actor, id, input as ResolveInput),
      },
    },
    { idKind: "uuid", invalid: "admin:common.fixErrors" },
  );
}
