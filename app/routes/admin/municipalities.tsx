/** Admin panel: the municipalities and whether they are live. */
import { CrudScreen, useCrudTexts } from "~/components/crud";
import { TextField, ToggleField } from "~/components/form";
import { Link } from "~/components/link";
import { TranslationFields } from "~/components/panel/translations";
import { Badge } from "~/components/ui/badge";
import { panelAction, panelMessages } from "~/lib/forms/crud.server";
import { requireAdmin } from "~/lib/auth/guards.server";
import { useTranslation } from "~/lib/i18n/react";
import { listParams, loadList } from "~/lib/forms/list.server";
import { metaTags } from "~/lib/http/meta";
import {
  type MunicipalityRow,
  listMunicipalitiesForAdmin,
  municipalityCommands,
} from "~/modules/municipality/index.server";
import type { Route } from "./+types/municipalities";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request, context);
  const { q } = listParams(request);
  const list = await loadList(
    context,
    "admin:municipalities.fetchFailed",
    () => listMunicipalitiesForAdmin(actor, { q }),
    [],
  );
  return {
    rows: list.value,
    error: list.error,
    meta: { title: context.t("admin:municipalities.title"), noindex: true },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request, context);
  return panelAction(request, context, municipalityCommands(actor), panelMessages("admin", "municipalities"));
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

function MunicipalityFields({ row, fieldErrors }: { row?: MunicipalityRow; fieldErrors: Record<string, string> }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t("admin:municipalities.name")}
        name="name"
        required
        defaultValue={row?.name}
        error={fieldErrors.name}
      />
      <TextField
        label={t("admin:municipalities.slug")}
        name="slug"
        required
        defaultValue={row?.slug}
        pattern="[a-z0-9]+(-[a-z0-9]+)*"
        autoCapitalize="none"
        spellCheck={false}
        hint={t("admin:municipalities.slugHint")}
        error={fieldErrors.slug}
      />
      <TextField
        label={`${t("admin:municipalities.logoUrl")} (${t("admin:common.optional")})`}
        name="logo_url"
        type="url"
        defaultValue={row?.logoUrl ?? ""}
        error={fieldErrors.logo_url}
      />
      <TextField
        label={`${t("admin:municipalities.contactEmail")} (${t("admin:common.optional")})`}
        name="contact_email"
        type="email"
        defaultValue={row?.contactEmail ?? ""}
        hint={t("admin:municipalities.contactEmailHint")}
        error={fieldErrors.contact_email}
      />
      <TextField
        label={`${t("admin:municipalities.postalAddress")} (${t("admin:common.optional")})`}
        name="postal_address"
        defaultValue={row?.postalAddress ?? ""}
        hint={t("admin:municipalities.postalAddressHint")}
        error={fieldErrors.postal_address}
      />
      {/* docs/product.md: is_active is a toggle, true by default on add. */}
      <ToggleField
        name="is_active"
        label={t("admin:municipalities.activeToggle")}
        defaultChecked={row ? row.isActive : true}
      />
      {/* The name in the other languages; each also reaches the municipality as a slug (/bruxelles). */}
      <TranslationFields
        row={row}
        fieldErrors={fieldErrors}
        fields={[{ name: "name", label: t("admin:municipalities.name") }]}
      />
    </>
  );
}

export default function MunicipalitiesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <CrudScreen
      texts={useCrudTexts("admin:municipalities")}
      {...loaderData}
      searchable
      columns={[
        {
          key: "name",
          header: t("admin:municipalities.name"),
          cell: (r) => <span className="font-medium text-slate-900">{r.name}</span>,
        },
        {
          key: "slug",
          header: t("admin:municipalities.slug"),
          cell: (r) =>
            r.isActive ? (
              <Link to={`/${r.slug}`} className="link font-mono">
                /{r.slug}
                <span className="sr-only"> ({t("admin:municipalities.view")})</span>
              </Link>
            ) : (
              <span className="font-mono text-slate-700">/{r.slug}</span>
            ),
          className: "hidden sm:table-cell",
        },
        {
          key: "status",
          header: t("admin:municipalities.status"),
          cell: (r) => (
            <Badge tone={r.isActive ? "green" : "slate"}>
              {r.isActive ? t("admin:common.active") : t("admin:common.inactive")}
            </Badge>
          ),
        },
      ]}
      rowLabel={(r) => r.name}
      deleteConfirm={(r) => t("admin:municipalities.deleteConfirm", { name: r.name })}
      fields={(p) => <MunicipalityFields {...p} />}
    />
  );
}
