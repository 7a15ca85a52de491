/** Admin panel: the platform's features, shown to everyone on the About page in the reader's language. */
import { CrudScreen, useCrudTexts } from "~/components/crud";
import { TextArea, TextField } from "~/components/form";
import { TranslationFields } from "~/components/panel/translations";
import { panelAction, panelMessages } from "~/lib/forms/crud.server";
import { requireAdmin } from "~/lib/auth/guards.server";
import { useTranslation } from "~/lib/i18n/react";
import { listParams, loadList } from "~/lib/forms/list.server";
import { metaTags } from "~/lib/http/meta";
import { type FeatureRow, featureCommands, listFeatures } from "~/modules/feature/index.server";
import type { Route } from "./+types/features";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request, context);
  const { q } = listParams(request);
  const list = await loadList(context, "admin:features.fetchFailed", () => listFeatures(actor, { q }), []);
  return { rows: list.value, error: list.error, meta: { title: context.t("admin:features.title"), noindex: true } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request, context);
  return panelAction(request, context, featureCommands(actor), panelMessages("admin", "features"));
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

function FeatureFields({ row, fieldErrors }: { row?: FeatureRow; fieldErrors: Record<string, string> }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t("admin:features.name")}
        name="name"
        required
        defaultValue={row?.name}
        error={fieldErrors.name}
      />
      <TextArea
        label={`${t("admin:features.description")} (${t("admin:common.optional")})`}
        name="description"
        defaultValue={row?.description ?? ""}
        hint={t("admin:features.shownOn")}
        error={fieldErrors.description}
      />
      <TranslationFields
        row={row}
        fieldErrors={fieldErrors}
        fields={[
          { name: "name", label: t("admin:features.name") },
          { name: "description", label: t("admin:features.description"), multiline: true },
        ]}
      />
    </>
  );
}

export default function FeaturesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <CrudScreen
      texts={useCrudTexts("admin:features")}
      {...loaderData}
      searchable
      columns={[
        {
          key: "name",
          header: t("admin:features.name"),
          cell: (r) => <span className="font-medium text-slate-900">{r.name}</span>,
        },
        {
          key: "description",
          header: t("admin:features.description"),
          cell: (r) => r.description ?? t("admin:common.none"),
          className: "hidden sm:table-cell",
        },
      ]}
      rowLabel={(r) => r.name}
      deleteConfirm={(r) => t("admin:features.deleteConfirm", { name: r.name })}
      fields={(p) => <FeatureFields {...p} />}
    />
  );
}
