/** Admin panel: every merchant's events. */
import { CrudScreen, useCrudTexts } from "~/components/crud";
import { EventFields, useEventColumns } from "~/components/panel/event";
import { panelAction, panelMessages } from "~/lib/forms/crud.server";
import { todayIso } from "~/lib/i18n/format";
import { requireAdmin } from "~/lib/auth/guards.server";
import { useTranslation } from "~/lib/i18n/react";
import { loadPage } from "~/lib/forms/list.server";
import { metaTags } from "~/lib/http/meta";
import { eventCommands, listAllEvents } from "~/modules/event/index.server";
import { withGalleries } from "~/modules/media/index.server";
import type { Route } from "./+types/events";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request, context);
  const list = await loadPage(request, context, "admin:events.fetchFailed", async (query) => {
    const page = await listAllEvents(actor, query);
    return { ...page, rows: await withGalleries("event", page.rows) };
  });
  return {
    ...list,
    today: todayIso(),
    meta: { title: context.t("admin:events.title"), noindex: true },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request, context);
  return panelAction(request, context, eventCommands(actor), panelMessages("admin", "events"));
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export default function EventsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { today } = loaderData;
  return (
    <CrudScreen
      texts={useCrudTexts("admin:events")}
      {...loaderData}
      searchable
      columns={useEventColumns(true)}
      rowLabel={(r) => r.title}
      deleteConfirm={(r) => t("admin:events.deleteConfirm", { title: r.title })}
      fields={(p) => <EventFields {...p} today={today} />}
      size="max-w-2xl"
    />
  );
}
