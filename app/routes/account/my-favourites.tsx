import { Heart } from "~/components/icons";
import { useTranslation } from "~/lib/i18n/react";
import { data } from "react-router";
import { Link } from "~/components/link";
import { EmptyState } from "~/components/site/cards";
import { LocalizedText, useLocalized } from "~/components/localized-text";
import { FavouriteRemove } from "~/components/site/favourite-button";
import { formatDate } from "~/lib/i18n/format";
import { requireActor } from "~/lib/auth/guards.server";
import { errorResponse, ok, parseWith, readForm } from "~/lib/forms/form.server";
import { metaTags } from "~/lib/http/meta";
import { mergeSchema, toggleSchema } from "~/modules/favourite";
import { favouriteKeys, listMyFavourites, mergeFavourites, setFavourite } from "~/modules/favourite/index.server";
import type { Route } from "./+types/my-favourites";

/** My favourites: the promotions and events the signed-in user saved, expired ones marked and listed last. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireActor(request, context);
  // The hearts on a detail page ask only which items are saved.
  if (new URL(request.url).searchParams.get("keys") === "1") {
    return { keys: await favouriteKeys(actor), items: [], meta: { title: "", noindex: true } };
  }
  return {
    keys: [] as string[],
    items: await listMyFavourites(actor),
    meta: { title: context.t("account:favourites.title"), noindex: true },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

/** `toggle` (the heart, or Remove here) and `merge` (a guest's hearts, posted once after sign-in). */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireActor(request, context);
  const form = await readForm(request);
  try {
    if (form.intent === "merge") {
      const parsed = parseWith(mergeSchema, form);
      if (!parsed.ok) return data(parsed, { status: 400 });
      const { added } = await mergeFavourites(actor, parsed.data.items);
      return { ...ok("account:favourites.merged"), intent: "merge", added };
    }
    if (form.intent === "toggle") {
      const parsed = parseWith(toggleSchema, form);
      if (!parsed.ok) return data(parsed, { status: 400 });
      await setFavourite(actor, parsed.data.item, parsed.data.on);
      return { ...ok(parsed.data.on ? "account:favourites.added" : "account:favourites.removed"), intent: "toggle" };
    }
  } catch (err) {
    return errorResponse(err, "account:favourites.failed");
  }
  return data({ ok: false as const, formError: "validation.malformed", fieldErrors: {} }, { status: 400 });
}

export default function MyFavourites({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("account");
  const text = useLocalized();
  const { items } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t("favourites.title")}</h1>
      <p className="mt-1 text-slate-700">{t("favourites.subtitle", { count: items.length })}</p>
      <div className="mt-6">
        {items.length === 0 ? (
          <EmptyState message={t("favourites.empty")} />
        ) : (
          <ul className="space-y-3">
            {items.map((f) => {
              const href =
                f.municipalitySlug &&
                `/${f.kind === "promotion" ? "promotions" : "events"}/${f.municipalitySlug}/${f.id}`;
              const title = text(f, "title");
              return (
                <li
                  key={f.key}
                  className={`card flex flex-wrap items-center gap-3 p-4 ${f.expired ? "opacity-80" : ""}`}
                >
                  <Heart aria-hidden="true" className="size-5 shrink-0 fill-red-600 text-red-600" />
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold text-slate-900">
                      {href ? (
                        <Link to={href} className="link">
                          <LocalizedText value={title} />
                        </Link>
                      ) : (
                        <LocalizedText value={title} />
                      )}
                    </p>
                    <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                      <span>{t(`favourites.kind.${f.kind}`)}</span>
                      <span>
                        ·{" "}
                        {f.kind === "promotion"
                          ? t("favourites.validUntil", { date: formatDate(f.date, i18n.language) })
                          : t("favourites.on", { date: formatDate(f.date, i18n.language) })}
                      </span>
                      {f.expired && (
                        <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-900">
                          {f.kind === "promotion" ? t("favourites.expired") : t("favourites.past")}
                        </span>
                      )}
                    </p>
                  </div>
                  <FavouriteRemove item={f.key} label={title.text ?? f.title} />
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </main>
  );
}
