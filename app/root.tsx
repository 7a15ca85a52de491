import { useContext, useEffect, useState } from "react";
import {
  type ShouldRevalidateFunctionArgs,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { CookieNotice } from "./components/cookie-notice";
import { ErrorPage, NotFoundPage } from "./components/error-page";
import { LanguageSync } from "./components/language-sync";
import { LinkNavigation } from "./components/link";
import { OfflineSupport } from "./components/offline";
import type { Locale, Messages, Namespace } from "~/lib/i18n";
import { I18nProvider, useTranslation } from "~/lib/i18n/react";
import { createI18n } from "~/lib/i18n/translator";
import { UNREADABLE_FORM } from "~/lib/http/errors";
import { MessagesContext, loadMessages } from "~/lib/i18n/messages";
import { rootData } from "./server/root-data.server";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // With credentials: a signed-in resident's installed app opens on their own municipality.
  { rel: "manifest", href: "/manifest.webmanifest", crossOrigin: "use-credentials" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
  { rel: "stylesheet", href: appCss },
];

export async function loader({ context }: Route.LoaderArgs) {
  return rootData(context);
}

/** A language switch renders only once the new language's translations are here. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await loadMessages(data.locale);
  return data;
}

/** The root data (language, messages, who is signed in) changes only with the language or after an action. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  if (currentUrl.searchParams.get("lng") !== nextUrl.searchParams.get("lng")) return true;
  return false;
}

/**
 * On the server every request of a language shares one translator: its resources never change there and its
 * language is fixed (and its memoised lookups then serve every request).
 */
const serverInstances = new Map<Locale, ReturnType<typeof createI18n>>();

function newI18n(locale: Locale, messagesFor: (l: Locale) => Messages | undefined) {
  if (typeof document !== "undefined") return createI18n(locale, messagesFor(locale) ?? ({} as Messages));
  const messages = messagesFor(locale);
  if (!messages) return createI18n(locale, {} as Messages);
  let instance = serverInstances.get(locale);
  if (!instance) {
    instance = createI18n(locale, messages);
    serverInstances.set(locale, instance);
  }
  return instance;
}

function useI18n(locale: Locale) {
  const messagesFor = useContext(MessagesContext);
  const [i18n] = useState(() => newI18n(locale, messagesFor));
  if (!i18n.hasResourceBundle(locale, "common")) {
    const messages = messagesFor(locale);
    if (messages) {
      for (const [ns, bundle] of Object.entries(messages)) i18n.addResourceBundle(locale, ns as Namespace, bundle);
    }
  }
  if (i18n.language !== locale) i18n.changeLanguage(locale);
  return i18n;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const locale = data?.locale ?? "en";
  const i18n = useI18n(locale);
  // Marks the page as hydrated (the browser tests wait for it before they interact).
  useEffect(() => {
    document.documentElement.setAttribute("data-hydrated", "");
  }, []);
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f5132" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        <I18nProvider i18n={i18n}>
          <OfflineSupport />
          {children}
          <CookieNotice />
          {data && <LanguageSync locale={locale} />}
          <LinkNavigation />
        </I18nProvider>
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  // A form that could not be read at all (form.server.ts `readForm`) says why, in the reader's language.
  const formError: unknown = isRouteErrorResponse(error) && error.status === 400 ? error.data?.formError : undefined;
  const unreadable = UNREADABLE_FORM.find((key) => key === formError);
  return <ErrorPage title={t("error.title")} message={t(unreadable ?? "error.message")} />;
}
