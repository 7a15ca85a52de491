import { messageKey } from "~/lib/i18n/keys";
import { CheckCircle2, Clock, Mail, MapPin } from "~/components/icons";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n/react";
import { data, useActionData, useFetcher } from "react-router";
import { FormMessage, TextArea, TextField } from "~/components/form";
import { parseWith, readForm } from "~/lib/forms/form.server";
import { log } from "~/lib/log.server";
import { metaTags } from "~/lib/http/meta";
import { limitWait, retryAfter } from "~/lib/http/rate-limit.server";
import { contactSchema } from "~/modules/contact";
import { submitContactMessage } from "~/modules/contact/index.server";
import { getSettings } from "~/modules/settings/index.server";
import type { Route } from "./+types/contact";

const SUCCESS_MS = 5000;

export async function loader({ context }: Route.LoaderArgs) {
  let email = "";
  let address = "";
  try {
    ({ contactEmail: email, postalAddress: address } = await getSettings());
  } catch (err) {
    log("error", "contact: settings load failed", { err });
  }
  return {
    email,
    address,
    meta: { title: context.t("site:contact.title"), description: context.t("site:contact.metaDescription") },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await context.getActor();
  const wait = await limitWait(
    "contact",
    [`ip:${context.ip}`, ...(actor ? [`user:${actor.id}`] : [])],
    context.requestId,
  );
  // Over the limit: answer in the form (429) instead of an error page.
  if (wait) return data({ ok: false as const, formError: "errors.tooManyRequests", fieldErrors: {} }, retryAfter(wait));
  const form = await readForm(request);
  const parsed = parseWith(contactSchema, form);
  if (!parsed.ok) return data(parsed, { status: 400 });
  try {
    // Stored first (with its outgoing mail), then delivered; a delivery problem is logged and kept.
    await submitContactMessage(actor, parsed.data);
  } catch (err) {
    log("error", "contact message failed", { err });
    return data({ ok: false as const, formError: "site:contact.error", fieldErrors: {} }, { status: 500 });
  }
  return { ok: true as const };
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("site");
  const fetcher = useFetcher<typeof action>();
  // Without JavaScript the form posts as a document request: its answer arrives as action data.
  const actionData = useActionData<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  const result = (fetcher.data ?? actionData) as
    | { ok: boolean; formError?: string; fieldErrors?: Record<string, string> }
    | undefined;
  const [showSuccess, setShowSuccess] = useState(() => !!result?.ok);
  const sending = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state !== "idle" || !result?.ok) return;
    formRef.current?.reset();
    setShowSuccess(true);
    const id = window.setTimeout(() => setShowSuccess(false), SUCCESS_MS);
    return () => window.clearTimeout(id);
  }, [fetcher.state, result]);

  const failure = result && !result.ok ? result : null;
  const err = (name: string) => failure?.fieldErrors?.[name];
  const hours = [
    { day: t("contact.weekdays"), hours: t("contact.weekdaysHours") },
    { day: t("contact.saturday"), hours: t("contact.saturdayHours") },
    { day: t("contact.sunday"), hours: t("contact.closed") },
  ];

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">{t("contact.title")}</h1>
      <p className="mt-3 text-lg text-slate-700">{t("contact.lead")}</p>
      <p className="mt-1 inline-flex items-center gap-2 text-sm font-medium text-brand-800">
        <Clock aria-hidden="true" className="size-4" />
        {t("contact.reply")}
      </p>

      <div className="mt-8 grid gap-8 lg:grid-cols-[3fr_2fr]">
        <div className="card p-5 sm:p-6">
          {showSuccess ? (
            <div role="status" className="flex flex-col items-center gap-3 py-10 text-center">
              <CheckCircle2 aria-hidden="true" className="size-12 text-brand-600" />
              <p className="text-lg font-semibold text-slate-900">{t("contact.success")}</p>
            </div>
          ) : (
            <fetcher.Form method="post" ref={formRef} noValidate className="space-y-4">
              <FormMessage
                error={failure?.formError ? t(messageKey(failure.formError), { ns: ["site", "common"] }) : null}
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField label={t("contact.name")} name="name" autoComplete="name" required error={err("name")} />
                <TextField
                  label={t("contact.email")}
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  error={err("email")}
                />
              </div>
              <TextField label={t("contact.subject")} name="subject" required error={err("subject")} />
              <TextArea label={t("contact.message")} name="message" rows={6} required error={err("message")} />
              <button type="submit" className="btn-primary w-full sm:w-auto" disabled={sending}>
                {sending ? t("contact.sending") : t("contact.send")}
              </button>
            </fetcher.Form>
          )}
        </div>

        <aside className="space-y-6">
          <section className="card p-5" aria-labelledby="info-title">
            <h2 id="info-title" className="text-lg font-bold text-slate-900">
              {t("contact.infoTitle")}
            </h2>
            <dl className="mt-3 space-y-3 text-sm">
              {/* The platform's postal address from the settings; none shown when none is set. */}
              {loaderData.address && (
                <div>
                  <dt className="flex items-center gap-2 font-medium text-slate-800">
                    <MapPin aria-hidden="true" className="size-4 text-slate-500" />
                    {t("contact.address")}
                  </dt>
                  <dd className="pl-6 text-slate-700">{loaderData.address}</dd>
                </div>
              )}
              {loaderData.email && (
                <div>
                  <dt className="flex items-center gap-2 font-medium text-slate-800">
                    <Mail aria-hidden="true" className="size-4 text-slate-500" />
                    {t("contact.emailLabel")}
                  </dt>
                  <dd className="pl-6">
                    <a href={`mailto:${loaderData.email}`} className="link break-all">
                      {loaderData.email}
                    </a>
                  </dd>
                </div>
              )}
            </dl>
          </section>
          <section className="card p-5" aria-labelledby="hours-title">
            <h2 id="hours-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
              <Clock aria-hidden="true" className="size-5 text-brand-700" />
              {t("contact.hoursTitle")}
            </h2>
            <table className="mt-3 w-full text-sm">
              <caption className="sr-only">{t("contact.hoursTitle")}</caption>
              <tbody className="divide-y divide-slate-100">
                {hours.map((h) => (
                  <tr key={h.day}>
                    <th scope="row" className="py-2 pr-4 text-left font-medium text-slate-800">
                      {h.day}
                    </th>
                    <td className="py-2 text-right text-slate-700">{h.hours}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </aside>
      </div>
    </main>
  );
}
