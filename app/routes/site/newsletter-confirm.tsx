import { CheckCircle2, Info } from "~/components/icons";
import { useTranslation } from "~/lib/i18n-react";
import { Link } from "~/components/link";
import { metaTags } from "~/lib/meta";
import { confirmNewsletter } from "~/modules/notification/newsletter.server";
import type { Route } from "./+types/newsletter-confirm";

/** The link in the confirmation mail (double opt-in). Confirming twice says it was already done. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const result = await confirmNewsletter(token);
  return {
    result,
    meta: { title: context.t("site:newsletter.confirmTitle"), noindex: true },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

/** The answer depends on the token and changes data: never stored by the page cache or a browser. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("site");
  const { result } = loaderData;
  const ok = result.status !== "invalid";
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      <div className="card p-6 sm:p-8">
        <h1 className="flex items-center gap-2 text-2xl font-bold">
          {ok ? (
            <CheckCircle2 aria-hidden="true" className="size-6 text-brand-700" />
          ) : (
            <Info aria-hidden="true" className="size-6 text-slate-600" />
          )}
          {t("newsletter.confirmTitle")}
        </h1>
        <p role="status" className="mt-3 text-slate-800">
          {result.status === "invalid"
            ? t("newsletter.confirmInvalid")
            : t(result.status === "confirmed" ? "newsletter.confirmed" : "newsletter.alreadyConfirmed", {
                city: result.municipalityName,
              })}
        </p>
        {ok && (
          <Link to={`/${result.municipalitySlug}`} className="btn-primary mt-6">
            {t("newsletter.visit", { city: result.municipalityName })}
          </Link>
        )}
      </div>
    </main>
  );
}
