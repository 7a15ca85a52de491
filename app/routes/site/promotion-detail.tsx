import { absoluteUrl, absoluteUrlOrNull } from "~/lib/http/origin.server";
import { Star } from "~/components/icons";
import { useTranslation } from "~/lib/i18n/react";
import { LocalizedText, useLocalized } from "~/components/localized-text";
import { localizedText } from "~/lib/i18n/localized";
import { data } from "react-router";
import { BackLink, ExpiryLabel, PriceLine, useCategoryLabel } from "~/components/site/cards";
import { FavouriteButton, ShareButton } from "~/components/site/detail-widgets";
import { Gallery } from "~/components/site/gallery";
import { useMetrics } from "~/components/site/metrics-beacon";
import { PromotionTagList } from "~/components/site/promotion-tags";
import { PromotionContactButtons, PromotionMerchantCard } from "~/components/site/promotion-merchant";
import { StateView } from "~/components/site/state-view";
import { formatDate } from "~/lib/i18n/format";
import { log } from "~/lib/log.server";
import { metaTags } from "~/lib/http/meta";
import { requireActiveMunicipality } from "~/server/municipality-guard.server";
import { type PromotionDetail, findPublicPromotion } from "~/modules/promotion/index.server";
import { offerJsonLd } from "~/modules/opendata";
import { withAggregateRating } from "~/modules/review";
import { ratingSummary } from "~/modules/review/index.server";
import { RatingLine } from "~/components/site/reviews";
import { galleryOf } from "~/modules/media/index.server";
import { municipalityRead } from "~/modules/live/index.server";
import type { Route } from "./+types/promotion-detail";
import { VoucherBox } from "~/components/site/voucher-box";
import { voucherInfoFor } from "~/modules/voucher/index.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const municipality = await requireActiveMunicipality(params.municipality, request);
  const town = { name: municipality.name, slug: municipality.slug };
  let promotion: PromotionDetail | null = null;
  try {
    promotion = await municipalityRead(municipality.id, () => findPublicPromotion(municipality.id, params.promotionId));
  } catch (err) {
    log("error", "promotion detail failed", { err, id: params.promotionId });
    return data(
      {
        state: "error" as const,
        municipality: town,
        promotion: null,
        meta: { title: context.t("site:promotionDetail.loadError"), noindex: true },
      },
      { status: 500 },
    );
  }
  if (!promotion) {
    return data(
      {
        state: "not-found" as const,
        municipality: town,
        promotion: null,
        meta: { title: context.t("site:promotionDetail.notFound"), noindex: true },
      },
      { status: 404 },
    );
  }
  const description = (localizedText(promotion, "description", context.locale) ?? "").slice(0, 200);
  const rating = await ratingSummary(promotion.merchant.id);
  const gallery = await galleryOf("promotion", promotion.id);
  return {
    state: "ok" as const,
    municipality: town,
    promotion,
    rating,
    gallery,
    vouchers: await voucherInfoFor(await context.getActor(), promotion.id),
    meta: {
      title: localizedText(promotion, "title", context.locale) ?? promotion.title,
      description: description || context.t("site:promotions.metaDescription", { city: municipality.name }),
      image: absoluteUrlOrNull(promotion.imageUrl ?? gallery[0]?.url),
      type: "article",
      jsonLd: withAggregateRating(
        offerJsonLd(
          {
            ...promotion,
            title: localizedText(promotion, "title", context.locale) ?? promotion.title,
            description: localizedText(promotion, "description", context.locale),
          },
          {
            page: absoluteUrl(`/promotions/${municipality.slug}/${promotion.id}`),
            merchant: absoluteUrl(`/merchants/${promotion.merchant.id}`),
            image: absoluteUrlOrNull(promotion.imageUrl),
          },
        ),
        rating,
      ),
    },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export default function PromotionDetailPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("site");
  const label = useCategoryLabel();
  const text = useLocalized();
  const { municipality } = loaderData;
  // The view, and the clicks on call, directions, website and share, are counted.
  const track = useMetrics("promotion", loaderData.promotion?.id, loaderData.promotion?.merchant.id);
  const back = `/promotions/${municipality.slug}`;
  if (loaderData.state !== "ok" || !loaderData.promotion) {
    return (
      <StateView
        tone={loaderData.state === "error" ? "error" : "not-found"}
        title={loaderData.state === "error" ? t("promotionDetail.loadError") : t("promotionDetail.notFound")}
        message={loaderData.state === "error" ? t("common.loadFailed") : t("promotionDetail.notFoundText")}
        back={back}
        backLabel={t("promotionDetail.back")}
      />
    );
  }
  const p = loaderData.promotion;
  const m = p.merchant;
  const title = text(p, "title");
  const about = text(p, "description");
  const termsText = text(p, "terms");
  const terms = (termsText.text ?? "")
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <BackLink to={back}>{t("promotionDetail.back")}</BackLink>
      {/* On a phone the title, price and actions come first; beside the gallery on a wide screen. */}
      <div className="mt-4 grid gap-8 lg:grid-cols-[3fr_2fr]">
        <div className="order-2 lg:order-none">
          <Gallery title={title.text ?? p.title} image={p.imageUrl} pictures={loaderData.gallery ?? []} />
          <section className="mt-8" aria-labelledby="desc-title">
            <h2 id="desc-title" className="sr-only">
              {t("promotionDetail.title")}
            </h2>
            <LocalizedText as="p" value={about} className="whitespace-pre-line text-slate-800" />
          </section>
          {terms.length > 0 && (
            <section className="mt-8" aria-labelledby="terms-title">
              <h2 id="terms-title" className="text-lg font-bold text-slate-900">
                {t("promotionDetail.terms")}
              </h2>
              <LocalizedText as="ul" value={termsText} className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
                {terms.map((term, i) => (
                  <li key={`${i}-${term}`}>{term}</li>
                ))}
              </LocalizedText>
            </section>
          )}
          <PromotionTagList tags={p.tags} />
        </div>

        <div className="order-1 space-y-6 lg:order-none">
          <section className="card p-5">
            <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
              {p.category && <span>{label(p.category)}</span>}
              {p.isPremium && (
                <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                  <Star aria-hidden="true" className="size-3" />
                  {t("common.exclusive")}
                </span>
              )}
            </div>
            <LocalizedText
              as="h1"
              labelInside
              value={title}
              className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl"
            />
            <RatingLine summary={loaderData.rating} className="mt-3" />
            <div className="mt-4">
              <PriceLine
                price={p.price}
                originalPrice={p.originalPrice}
                discount={p.discount}
                discountPercent={p.discountPercent}
                discountAmountCents={p.discountAmountCents}
                size="lg"
              />
            </div>
            <dl className="mt-4 space-y-1 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <dt className="font-medium text-slate-800">{t("promotionDetail.validity")}:</dt>
                <dd className="flex flex-wrap items-center gap-2 text-slate-700">
                  {t("promotions.validUntil", { date: formatDate(p.validUntil, i18n.language) })}
                  <ExpiryLabel validUntil={p.validUntil} />
                </dd>
              </div>
            </dl>
            <div className="mt-5 flex flex-col gap-2">
              {loaderData.vouchers && <VoucherBox info={loaderData.vouchers} promotionId={p.id} />}
              <PromotionContactButtons merchant={m} track={track} />
              <div className="flex flex-wrap items-start gap-2">
                <FavouriteButton id={`promotion:${p.id}`} />
                <ShareButton title={title.text ?? p.title} onShare={() => track("share")} />
              </div>
            </div>
          </section>

          <PromotionMerchantCard merchant={m} track={track} />
        </div>
      </div>
    </main>
  );
}
