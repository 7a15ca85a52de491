import { CheckCircle2, Info, MailCheck } from "~/components/icons";
import { Form, data, useActionData, useNavigation } from "react-router";
import { useTranslation } from "~/lib/i18n/react";
import { Link } from "~/components/link";
import { readForm } from "~/lib/forms/form.server";
import { metaTags } from "~/lib/http/meta";
import { confirmNewsletter, describeNewsletterConfirmation } from "~/modules/notification/index.server";
import type { Route } from "./+types/newsletter-confirm";

/**
 * The link in the confirmation mail (double opt-in). Opening it shows what it confirms and one button; only
 * the button's POST confirms, so a mail scanner or link preview that fetches the link (GET or HEAD) confirms
 * nobody. Confirming twice says it was already done.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const state = await describeNewsletterConfirmation(token);
  return { state, meta: { title: context.t("site:newsletter.confirmTitle"), noindex: true } };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

/** The answer depends on the token: never stored by the page cache or a browser. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function action({ request }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  // The body carries nothing we need; read it so a malformed one is a clean 400.
  await readForm(request);
  const result = await confirmNewsletter(token);
  return data({ result }, { status: result.status === "invalid" ? 400 : 200 });
}

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("site");
  const navigation = useNavigation();
  const result = useActionData<typeof action>()?.result;
  const { state } = loaderData;
  const shown = result ?? state;
  const town = shown.status === "invalid" ? null : { name: shown.municipalityName, slug: shown.municipalitySlug };
  const message =
    shown.status === "invalid"
      ? t("newsletter.confirmInvalid")
      : shown.status === "confirmed"
        ? t("newsletter.confirmed", { city: shown.municipalityName })
        : shown.status === "already"
          ? t("newsletter.alreadyConfirmed", { city: shown.municipalityName })
          : t("newsletter.confirmQuestion", { city: shown.municipalityName });
  const asking = shown.status === "pending";
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      <div className="card p-6 sm:p-8">
        <h1 className="flex items-center gap-2 text-2xl font-bold">
          {asking ? (
            <MailCheck aria-hidden="true" className="size-6 text-brand-700" />
          ) : town ? (
            <CheckCircle2 aria-hidden="true" className="size-6 text-brand-700" />
          ) : (
            <Info aria-hidden="true" className="size-6 text-slate-600" />
          )}
          {t("newsletter.confirmTitle")}
        </h1>
        <p role="status" className="mt-3 text-slate-800">
          {message}
        </p>
        {asking ? (
          <Form method="post" className="mt-6">
            <button type="submit" className="btn-primary" disabled={navigation.state !== "idle"}>
              {t("newsletter.confirmButton")}
            </button>
          </Form>
        ) : (
          town && (
            <Link to={`/${town.slug}`} className="btn-primary mt-6">
              {t("newsletter.visit", { city: town.name })}
            </Link>
          )
        )}
      </div>
    </main>
  );
}
