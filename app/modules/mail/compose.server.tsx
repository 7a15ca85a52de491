/**
 * Emails with content: a template (templates.tsx) rendered to HTML and plain text in the recipient's language,
 * with the site name from the settings, then queued in the outbox (lib/mail/mail.server.ts).
 *
 *   await queueTemplateMail("reportOutcome", { to, locale, data }, tx);
 *   await queueTemplateMail("urgentAlert", { to, locale, data, unsubscribeUrl, dedupeKey }, tx);
 *
 * Mail sent to a list (alerts, digests) passes `unsubscribeUrl`: the mail then shows an unsubscribe link and
 * carries the `List-Unsubscribe` and `List-Unsubscribe-Post: List-Unsubscribe=One-Click` headers (RFC 8058).
 * Fan-outs render once per language with `renderTemplate(..., { unsubscribeUrl: UNSUBSCRIBE_PLACEHOLDER })`
 * and `personalise()` each copy.
 */
import { render } from "@react-email/render";
import { baseUrl } from "~/lib/auth/auth.server";
import type { DbOrTx } from "~/lib/db/db.server";
import { DEFAULT_LOCALE, type Locale, isLocale } from "~/lib/i18n";
import { serverT } from "~/lib/i18n/locale.server";
import { type OutgoingMail, queueMail } from "~/lib/mail/mail.server";
import { getSettings } from "~/modules/settings/index.server";
import type { TFunction } from "~/lib/i18n/translator";
import {
  type MailContent,
  MailLayout,
  type SiteInfo,
  TEMPLATES,
  type TemplateData,
  type TemplateName,
} from "./templates";

export type RenderedMail = { subject: string; html: string; text: string; unsubscribeUrl?: string };

/** Stands for the recipient's own unsubscribe address in a mail rendered once for many recipients. */
export const UNSUBSCRIBE_PLACEHOLDER = "https://unsubscribe.invalid/__RECIPIENT__";

type RenderOptions = {
  locale: Locale | string;
  unsubscribeUrl?: string;
  siteName?: string;
  /** The municipality the mail is about or for, in the reader's language (else the data's `municipalityName`). */
  municipality?: string;
  db?: DbOrTx;
};

/** The municipality a template's data names, if any (the report, alert, digest and newsletter mails do). */
const municipalityOf = (data: unknown): string | undefined => {
  const name = (data as { municipalityName?: unknown }).municipalityName;
  return typeof name === "string" && name ? name : undefined;
};

export async function renderTemplate<K extends TemplateName>(
  name: K,
  data: TemplateData<K>,
  options: RenderOptions,
): Promise<RenderedMail> {
  const locale: Locale = isLocale(options.locale) ? options.locale : DEFAULT_LOCALE;
  const t = serverT(locale);
  const settings = await getSettings(options.db);
  const siteName = options.siteName ?? settings.siteName;
  const site: SiteInfo = {
    siteName,
    baseUrl: baseUrl(),
    locale,
    municipality: options.municipality ?? municipalityOf(data),
    // Who is responsible for the data: the settings' controller, else the platform that sends the mail.
    footer: [settings.postalAddress, t("mail:common.responsible", { name: settings.dataController || siteName })]
      .filter(Boolean)
      .join(" · "),
  };
  const template = TEMPLATES[name] as unknown as (t: TFunction, d: TemplateData<K>, s: SiteInfo) => MailContent;
  const content = template(t, data, site);
  const unsubscribe = options.unsubscribeUrl
    ? { url: options.unsubscribeUrl, label: t("mail:common.unsubscribe"), note: t("mail:common.unsubscribeNote") }
    : undefined;
  const element = <MailLayout content={content} site={site} unsubscribe={unsubscribe} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return {
    subject: `${content.subject} · ${site.siteName}`,
    html,
    text,
    unsubscribeUrl: options.unsubscribeUrl,
  };
}

/** The outbox row of a rendered mail for one recipient (with the list headers when it can be unsubscribed). */
export function personalise(
  rendered: RenderedMail,
  to: string,
  options: { unsubscribeUrl?: string; dedupeKey?: string } = {},
): OutgoingMail {
  const url = options.unsubscribeUrl ?? rendered.unsubscribeUrl;
  const swap = (s: string) => (url ? s.replaceAll(UNSUBSCRIBE_PLACEHOLDER, url) : s);
  return {
    to,
    subject: rendered.subject,
    html: swap(rendered.html),
    text: swap(rendered.text),
    headers: url ? { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : {},
    dedupeKey: options.dedupeKey,
  };
}

/** Renders a template for one recipient and queues it (in `tx` when given). Returns the outbox id. */
export async function queueTemplateMail<K extends TemplateName>(
  name: K,
  mail: {
    to: string;
    locale: Locale | string;
    data: TemplateData<K>;
    unsubscribeUrl?: string;
    dedupeKey?: string;
    municipality?: string;
  },
  tx?: DbOrTx,
): Promise<string> {
  const rendered = await renderTemplate(name, mail.data, {
    locale: mail.locale,
    unsubscribeUrl: mail.unsubscribeUrl,
    municipality: mail.municipality,
    db: tx,
  });
  return queueMail(personalise(rendered, mail.to, { dedupeKey: mail.dedupeKey }), tx);
}
