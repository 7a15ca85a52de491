/** Admin panel: merchants with their accounts. */
import { CrudScreen, useCrudTexts } from "~/components/crud";
import { NewAccountFields } from "~/components/panel/user";
import { FieldGroup } from "~/components/form";
import { ImageField } from "~/components/image-field";
import { BusinessFields } from "~/components/panel/merchant";
import { YesNo } from "~/components/ui/badge";
import { panelAction, panelMessages } from "~/lib/forms/crud.server";
import { formatDate } from "~/lib/i18n/format";
import { requireAdmin } from "~/lib/auth/guards.server";
import { useTranslation } from "~/lib/i18n/react";
import { loadPage } from "~/lib/forms/list.server";
import { metaTags } from "~/lib/http/meta";
import { type AdminMerchantRow, listMerchants, merchantCommands } from "~/modules/merchant/index.server";
import { listAllMunicipalities } from "~/modules/municipality/index.server";
import type { Route } from "./+types/merchants";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request, context);
  const [list, municipalities] = await Promise.all([
    loadPage(request, context, "admin:merchants.fetchFailed", (query) => listMerchants(actor, query)),
    listAllMunicipalities().catch(() => []),
  ]);
  return {
    ...list,
    municipalities,
    meta: { title: context.t("admin:merchants.title"), noindex: true },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request, context);
  return panelAction(request, context, merchantCommands(actor), panelMessages("admin", "merchants"));
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

/** Adding: the new account and its business; editing: the business. */
function MerchantFields({
  row,
  municipalities,
  fieldErrors,
}: {
  row?: AdminMerchantRow;
  municipalities: { id: string; name: string }[];
  fieldErrors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const business = <BusinessFields row={row} municipalities={municipalities} fieldErrors={fieldErrors} />;
  if (row)
    return (
      <div className="space-y-4">
        {business}
        <ImageField
          label={t("common:media.logo")}
          name="logo_url"
          urlLabel={t("merchant:profile.fields.logoUrl")}
          defaultValue={row.logoUrl}
          error={fieldErrors.logo_url}
          previewSize={{ width: 160, height: 160 }}
        />
      </div>
    );
  return (
    <>
      <FieldGroup legend={t("admin:merchants.accountSection")}>
        <div className="grid gap-4 sm:grid-cols-2">
          <NewAccountFields section="admin:merchants" fieldErrors={fieldErrors} />
        </div>
      </FieldGroup>
      <FieldGroup legend={t("admin:merchants.businessSection")}>{business}</FieldGroup>
    </>
  );
}

export default function MerchantsPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { municipalities } = loaderData;
  const twoLines = (first: string, second: string) => (
    <div className="min-w-32">
      <div>{first}</div>
      <div className="break-all text-slate-600">{second}</div>
    </div>
  );
  return (
    <CrudScreen
      texts={useCrudTexts("admin:merchants")}
      {...loaderData}
      searchable
      columns={[
        {
          key: "business",
          header: t("admin:merchants.business"),
          cell: (r) => twoLines(r.businessName, r.businessEmail),
        },
        {
          key: "account",
          header: t("admin:merchants.account"),
          cell: (r) => twoLines(r.userName, r.userEmail),
          className: "hidden md:table-cell",
        },
        {
          key: "municipality",
          header: t("admin:merchants.municipality"),
          cell: (r) => r.municipalityName ?? t("admin:common.none"),
          className: "hidden xl:table-cell",
        },
        {
          key: "premium",
          header: t("admin:promotions.premium"),
          cell: (r) => <YesNo value={r.isPremium} />,
          className: "hidden sm:table-cell",
        },
        {
          key: "created",
          header: t("admin:common.createdAt"),
          cell: (r) => formatDate(r.createdAt, i18n.language),
          className: "hidden 2xl:table-cell whitespace-nowrap",
        },
      ]}
      rowLabel={(r) => r.businessName}
      deleteConfirm={(r) => t("admin:merchants.deleteConfirm", { name: r.businessName })}
      fields={(p) => <MerchantFields {...p} municipalities={municipalities} />}
      size="max-w-2xl"
    />
  );
}
