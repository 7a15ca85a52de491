/** Merchant panel: the merchant's own events, with add, edit and delete dialogs. */
import { CrudScreen, useCrudTexts } from "~/components/crud";
import { EventFields, useEventColumns } from "~/components/panel/event";
import { useAttendeesColumn } from "~/components/panel/event-attendees";
import { panelAction, panelMessages } from "~/lib/forms/crud.server";
import { requireMerchant } from "~/lib/auth/guards.server";
import { useTranslation } from "~/lib/i18n/react";
import { loadList } from "~/lib/forms/list.server";
import { metaTags } from "~/lib/http/meta";
import { attendeesOf, eventCommands, listOwnEvents } from "~/modules/event/index.server";
import { withGalleries } from "~/modules/media/index.server";
import { withPublicPaths } from "~/modules/municipality/index.server";
import type { Route } from "./+types/events";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireMerchant(request, context);
  const list = await loadList(context, null, () => listOwnEvents(actor), []);
  // Who registered for each of the merchant's own events: the count and first names only.
  const registered = await attendeesOf(
    actor,
    list.value.map((r) => r.id),
  );
  const rows = list.value.map((r) => ({ ...r, registered: registered.get(r.id) ?? null }));
  return {
    error: list.error,
    rows: await withPublicPaths("events", await withGalleries("event", rows)),
    meta: { title: context.t("merchant:events.title"), noindex: true },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireMerchant(request, context);
  return panelAction(request, context, eventCommands(actor), panelMessages("merchant", "events"));
}

export default function MerchantEvents({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("merchant");
  return (
    <CrudScreen
      texts={useCrudTexts("merchant:events")}
      {...loaderData}
      columns={[...useEventColumns(false), useAttendeesColumn()]}
      rowLabel={(r) => r.title}
      deleteConfirm={(r) => t("events.deleteConfirm", { title: r.title })}
      fields={(p) => <EventFields {...p} />}
    />
  );
}
