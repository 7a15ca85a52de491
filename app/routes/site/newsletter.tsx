import { MailCheck } from "~/components/icons";
import { data, useActionData } from "react-router";
import { useTranslation } from "~/lib/i18n/react";
import { messageKey } from "~/lib/i18n/keys";
import { NewsletterForm } from "~/components/site-footer";
import { errorResponse, parseWith, readForm } from "~/lib/forms/form.server";
import { metaTags } from "~/lib/http/meta";
import { addressSubject, limitWait, retryAfter } from "~/lib/http/rate-limit.server";
import { newsletterSchema } from "~/modules/notification";
import { requestNewsletter } from "~/modules/notification/index.server";
import type { Route } from "./+types/newsletter";

/**
 * The newsletter. The footer box posts here from every page; this page is its home for a visitor
 * without JavaScript (the post renders it with the result) and for a direct visit.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return { meta: { title: context.t("site:newsletter.title"), description: context.t("site:newsletter.intro") } };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export async function action({ request, context }: Route.ActionArgs) {
  const wait = await limitWait("newsletter", [addressSubject(context.ip)], context.requestId);
  if (wait) return data({ ok: false as const, formError: "errors.tooManyRequests" }, retryAfter(wait));
  const form = await readForm(request);
  const parsed = parseWith(newsletterSchema, form);
  if (!parsed.ok) {
    const formError =
      parsed.fieldErrors.email !== undefined
        ? "footer.newsletter.required"
        : (Object.values(parsed.fieldErrors)[0] ?? "validation.invalid");
    return data({ ok: false as const, formError }, { status: 400 });
  }
  // The same answer, as fast, for any address: the row, the limit and the mail follow after it.
  try {
    await requestNewsletter(parsed.data, context.locale);
  } catch (err) {
    const response = errorResponse(err, "footer.newsletter.failed");
    return data({ ok: false as const, formError: response.data.formError }, { status: response.init?.status ?? 500 });
  }
  return { ok: true as const };
}

export default function Newsletter() {
  const { t } = useTranslation("site");
  const result = useActionData<typeof action>();
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      <div className="card p-6 sm:p-8">
        <h1 className="flex items-center gap-2 text-2xl font-bold">
          <MailCheck aria-hidden="true" className="size-6 text-brand-700" />
          {t("newsletter.title")}
        </h1>
        <p className="mt-2 text-slate-700">{t("newsletter.intro")}</p>
        {result && (
          <p role={result.ok ? "status" : "alert"} className={`mt-4 ${result.ok ? "text-brand-800" : "text-red-700"}`}>
            {result.ok ? t("common:footer.newsletter.success") : t(messageKey(`common:${result.formError}`))}
          </p>
        )}
        <NewsletterForm variant="page" />
      </div>
    </main>
  );
}
