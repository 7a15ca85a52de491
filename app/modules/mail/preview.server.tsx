/** Every template in every language with its sample data (PREVIEW_DATA): the development preview. */
import { LOCALES, type Locale } from "~/lib/i18n";
import { type RenderedMail, renderTemplate } from "./compose.server";
import { PREVIEW_DATA, TEMPLATES, type TemplateName } from "./templates";

export const TEMPLATE_NAMES = Object.keys(TEMPLATES) as TemplateName[];

/** List mails (alerts, digests) show their unsubscribe link in the preview too. */
const LIST_MAILS: readonly TemplateName[] = ["urgentAlert", "weeklyDigest"];

export function renderPreview(name: TemplateName, locale: Locale, siteName?: string): Promise<RenderedMail> {
  return renderTemplate(name, PREVIEW_DATA[name] as never, {
    locale,
    siteName,
    unsubscribeUrl: LIST_MAILS.includes(name) ? "http://localhost:3000/unsubscribe?token=preview" : undefined,
  });
}

export async function renderAllPreviews(siteName = "Buurtplatform") {
  const out: { name: TemplateName; locale: Locale; mail: RenderedMail }[] = [];
  for (const name of TEMPLATE_NAMES) {
    for (const locale of LOCALES) out.push({ name, locale, mail: await renderPreview(name, locale, siteName) });
  }
  return out;
}
