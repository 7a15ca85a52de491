import { useTranslation } from "~/lib/i18n/react";
import { Link } from "~/components/link";

/** docs/product.md 404 page: '404', 'Page Not Found', the explanation and 'Go to Homepage'. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p className="text-6xl font-extrabold text-brand-700">404</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{t("notFound.title")}</h1>
      <p className="mt-3 text-slate-700">{t("notFound.message")}</p>
      <Link to="/" className="btn-primary mt-8">
        {t("notFound.home")}
      </Link>
    </main>
  );
}

/** A generic error page: no stack trace, no SQL, no file path. */
export function ErrorPage({ title, message }: { title: string; message: string }) {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-700">{message}</p>
      <a href="/" className="btn-primary mt-8">
        {t("notFound.home")}
      </a>
    </main>
  );
}
