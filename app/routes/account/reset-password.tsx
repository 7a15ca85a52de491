import { useTranslation } from "react-i18next";
import { PageHeading } from "~/components/page-heading";
import { metaTags } from "~/lib/meta";
import type { Route } from "./+types/reset-password";

export function loader({ context }: Route.LoaderArgs) {
  return { meta: { title: context.t("account:resetPassword.title") } };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export default function Page() {
  const { t } = useTranslation("account");
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12">
      <PageHeading title={t("resetPassword.title")}>{t("resetPassword.unavailable")}</PageHeading>
    </main>
  );
}
