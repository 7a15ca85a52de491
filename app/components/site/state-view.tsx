import { SearchX, TriangleAlert } from "~/components/icons";
import { Link } from "~/components/link";

/** The not-found and load-failure states of the detail pages, each with a way back. */
export function StateView({
  title,
  message,
  back,
  backLabel,
  tone = "not-found",
}: {
  title: string;
  message?: string;
  back: string;
  backLabel: string;
  tone?: "not-found" | "error";
}) {
  const Icon = tone === "error" ? TriangleAlert : SearchX;
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <span className="inline-flex size-16 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <Icon aria-hidden="true" className="size-8" />
      </span>
      <h1 className="mt-5 text-2xl font-bold text-slate-900">{title}</h1>
      {message && <p className="mt-3 text-slate-700">{message}</p>}
      <Link to={back} className="btn-primary mt-8">
        {backLabel}
      </Link>
    </main>
  );
}

/** Only http(s) addresses become links; anything else (javascript:, data:) is not linked. */
export function safeHttpUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === "http:" || u.protocol === "https:" ? u.href : null;
  } catch {
    return null;
  }
}

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}
