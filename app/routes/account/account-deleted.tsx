/** Where a resident lands after deleting their account. */
import { useTranslation } from "~/lib/i18n/react";
import { Link } from "~/components/link";
import { StaticPage } from "~/components/site/static-page";
import { metaTags } from "~/lib/http/meta";
import type { Route } from "./+types/account-deleted";

export function loader({ context }: Route.LoaderArgs) {
  return { meta: { title: context.t("account:privacy.deleted.title"), noindex: true } };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export default function AccountDeleted() {
  const { t } = useTranslation("account");
  return (
    <StaticPage title={t("privacy.deleted.title")} lead={<p role="status">{t("privacy.deleted.body")}</p>}>
      <p>
        <Link to="/" className="btn-primary">
          {t("privacy.deleted.home")}
        </Link>
      </p>
    </StaticPage>
  );
}
