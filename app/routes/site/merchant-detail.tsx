import { oneOf } from "~/lib/i18n/keys";
import { CATEGORIES } from "@db/schema/enums";
import { absoluteUrl, absoluteUrlOrNull } from "~/lib/http/origin.server";
import { CalendarDays, Tag } from "~/components/icons";
import { useTranslation } from "~/lib/i18n/react";
import { LocalizedText, useLocalized } from "~/components/localized-text";
import { data } from "react-router";
import { Link } from "~/components/link";
import { BackLink } from "~/components/site/cards";
import { MerchantContactCard, MerchantHeader, OpeningHoursCard } from "~/components/site/merchant-detail";
import { StateView } from "~/components/site/state-view";
import { log } from "~/lib/log.server";
import { metaTags } from "~/lib/http/meta";
import { type PublicMerchant, findPublicMerchant } from "~/modules/merchant/index.server";
import { localBusinessJsonLd } from "~/modules/opendata";
import { type MerchantReviews, withAggregateRating } from "~/modules/review";
import { merchantReviews } from "~/modules/review/index.server";
import { ReviewsSection } from "~/components/site/reviews";
import { MerchantPlaceCard } from "~/components/site/merchant-place";
import { mapTiles } from "~/modules/settings/index.server";
import type { Route } from "./+types/merchant-detail";

export async function loader({ params, context }: Route.LoaderArgs) {
  let merchant: PublicMerchant | null = null;
  let reviews: MerchantReviews | null = null;
  try {
    merchant = await findPublicMerchant(params.merchantId);
    if (merchant) reviews = await merchantReviews(await context.getActor(), merchant.id);
  } catch (err) {
    log("error", "merchant detail failed", { err, id: params.merchantId });
    return data(
      {
        state: "error" as const,
        merchant: null,
        meta: { title: context.t("site:merchantDetail.loadError"), noindex: true },
      },
      { status: 500 },
    );
  }
  if (!merchant) {
    return data(
      {
        state: "not-found" as const,
        merchant: null,
        meta: { title: context.t("site:merchantDetail.notFound"), noindex: true },
      },
      { status: 404 },
    );
  }
  const category = oneOf(CATEGORIES, merchant.category);
  return {
    state: "ok" as const,
    merchant,
    reviews,
    // The tiles of the small map, only when the merchant set its pin (no tile server is contacted otherwise).
    tiles: merchant.latitude != null && merchant.longitude != null ? await mapTiles() : null,
    meta: {
      title: merchant.businessName,
      description: [category ? context.t(`site:categories.${category}`) : null, merchant.address]
        .filter(Boolean)
        .join(" · "),
      image: absoluteUrlOrNull(merchant.logoUrl),
      jsonLd: withAggregateRating(
        localBusinessJsonLd(merchant, {
          page: absoluteUrl(`/merchants/${merchant.id}`),
          image: absoluteUrlOrNull(merchant.logoUrl),
        }),
        reviews?.summary,
      ),
    },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

/** The municipality's name row for `localized` (its translations came with the merchant). */
function municipalityLanguage(m: PublicMerchant) {
  return { originalLocale: m.municipalityOriginalLocale ?? "en", translations: m.municipalityTranslations ?? {} };
}

export default function MerchantDetailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("site");
  const text = useLocalized();
  if (loaderData.state !== "ok" || !loaderData.merchant) {
    return (
      <StateView
        tone={loaderData.state === "error" ? "error" : "not-found"}
        title={loaderData.state === "error" ? t("merchantDetail.loadError") : t("merchantDetail.notFound")}
        message={loaderData.state === "error" ? undefined : t("merchantDetail.notFoundText")}
        back="/merchants"
        backLabel={t("merchantDetail.back")}
      />
    );
  }
  const m = loaderData.merchant;
  const city = m.municipalityName
    ? (text({ name: m.municipalityName, ...municipalityLanguage(m) }, "name").text ?? m.municipalityName)
    : "";
  const about = text(m, "description");

  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <BackLink to="/merchants">{t("merchantDetail.back")}</BackLink>
      <MerchantHeader merchant={m} city={city} />
      {about.text && (
        <section className="card mt-4 p-5" aria-label={t("common:contentLanguage.aboutBusiness")}>
          <LocalizedText as="p" value={about} className="whitespace-pre-line text-slate-800" />
        </section>
      )}

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <OpeningHoursCard openingHours={m.openingHours} />

        <MerchantContactCard merchant={m} />
      </div>

      {loaderData.tiles && m.latitude != null && m.longitude != null && (
        <MerchantPlaceCard
          merchant={{ businessName: m.businessName, address: m.address, latitude: m.latitude, longitude: m.longitude }}
          tiles={loaderData.tiles}
        />
      )}

      {loaderData.reviews && (
        <ReviewsSection merchantId={m.id} merchantName={m.businessName} reviews={loaderData.reviews} />
      )}

      {m.municipalitySlug && (
        <div className="mt-6 flex flex-wrap gap-2">
          {m.promotionCount > 0 && (
            <Link
              to={`/promotions/${m.municipalitySlug}?merchant=${encodeURIComponent(m.id)}`}
              className="btn-secondary"
            >
              <Tag aria-hidden="true" className="size-4" />
              {t("merchantDetail.seeOwnPromotions", { name: m.businessName })}
            </Link>
          )}
          <Link to={`/events/${m.municipalitySlug}`} className="btn-secondary">
            <CalendarDays aria-hidden="true" className="size-4" />
            {t("merchantDetail.seeEvents", { city })}
          </Link>
        </div>
      )}
    </main>
  );
}
