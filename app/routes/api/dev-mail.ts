import { isLocale } from "~/lib/i18n";
import { TEMPLATE_NAMES, renderPreview } from "~/modules/mail/index.server";
import type { TemplateName } from "~/modules/mail";
import type { Route } from "./+types/dev-mail";

/**
 * Development only: /dev/mail lists every email template in every language; ?template=&lng=&format=text|html
 * shows one as it is sent (HTML, or the plain-text part). Not found in production. `npm run mail:preview`
 * writes the same previews to files.
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (process.env.NODE_ENV !== "development") throw new Response("Not Found", { status: 404 });
  const url = new URL(request.url);
  const name = url.searchParams.get("template");
  const lng = url.searchParams.get("lng") ?? "en";
  if (!name || !(TEMPLATE_NAMES as string[]).includes(name) || !isLocale(lng)) {
    const links = TEMPLATE_NAMES.flatMap((t) =>
      ["en", "nl", "fr"].map(
        (l) =>
          `<li>${t} · ${l}: <a href="?template=${t}&lng=${l}">HTML</a> · <a href="?template=${t}&lng=${l}&format=text">text</a></li>`,
      ),
    );
    return new Response(
      `<!doctype html><html lang="en"><title>Email previews</title><h1>Email previews</h1><ul>${links.join("")}</ul></html>`,
      {
        headers: { "Content-Type": "text/html; charset=utf-8" },
      },
    );
  }
  const mail = await renderPreview(name as TemplateName, lng);
  if (url.searchParams.get("format") === "text") {
    return new Response(`Subject: ${mail.subject}\n\n${mail.text}`, {
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(mail.html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}
