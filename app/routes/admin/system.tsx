/** Admin panel: the platform's background work (mail outbox, job queue) and what failed for good. */
import { requireAdmin } from "~/lib/auth/guards.server";
import { loadList } from "~/lib/forms/list.server";
import { metaTags } from "~/lib/http/meta";
import { systemStatus } from "~/modules/admin/index.server";
import { SystemOverview } from "~/components/panel/system";
import type { Route } from "./+types/system";

export async function loader({ context, request }: Route.LoaderArgs) {
  const actor = await requireAdmin(request, context);
  const status = await loadList(context, "admin:system.fetchFailed", () => systemStatus(actor), null);
  return { status: status.value, error: status.error, meta: { title: context.t("admin:system.title"), noindex: true } };
}

/** Read-only: nothing may be posted here. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  return new Response(null, { status: 405 });
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export default function SystemPage({ loaderData }: Route.ComponentProps) {
  return <SystemOverview status={loaderData.status} error={loaderData.error} />;
}
