import { messageKey, oneOf } from "~/lib/i18n/keys";
import { CATEGORIES } from "@db/schema/enums";
import { absoluteUrl, absoluteUrlOrNull } from "~/lib/http/origin.server";
import { CalendarDays, Clock, Globe, Mail, MapPin, Navigation, Phone, Star, Tag } from "~/components/icons";
import { useTranslation } from "~/lib/i18n/react";
import { LocalizedText, useLocalized } from "~/components/localized-text";
import { data } from "react-router";
import { Link } from "~/components/link";
import { BackLink, useCategoryLabel } from "~/components/site/cards";
import { StateView, directionsUrl, safeHttpUrl, telHref } from "~/components/site/state-view";
import { log } from "~/lib/log.server";
import { metaTags } from "~/lib/http/meta";
import { type PublicMerchant, findPublicMerchant } from "~/modules/merchant/index.server";
import { localBusinessJsonLd } from "~/modules/opendata";
import { type MerchantReviews, withAggregateRating } from "~/modules/review";
import { merchantReviews } from "~/modules/review/index.server";
import { ReviewsSection } from "~/components/site/reviews";
import type { Route } from "./+types/merchant-detail";
import { Picture } from "~/components/picture";

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
  const label = useCategoryLabel();
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
  const website = safeHttpUrl(m.websiteUrl);
  const facebook = safeHttpUrl(m.facebookUrl);
  const instagram = safeHttpUrl(m.instagramUrl);
  const city = m.municipalityName
    ? (text({ name: m.municipalityName, ...municipalityLanguage(m) }, "name").text ?? m.municipalityName)
    : "";
  const about = text(m, "description");

  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <BackLink to="/merchants">{t("merchantDetail.back")}</BackLink>
      <header className="card mt-4 flex flex-col gap-4 p-5 sm:flex-row sm:items-center">
        {m.logoUrl && (
          <Picture
            src={m.logoUrl}
            alt={t("common.logoOf", { name: m.businessName })}
            width={96}
            height={96}
            loading="eager"
            className="size-24 rounded-full bg-slate-100 object-cover"
          />
        )}
        <div className="flex-1">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{m.businessName}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
            {m.category && <span>{label(m.category)}</span>}
            {city && <span>· {t("merchantDetail.inMunicipality", { city })}</span>}
            {m.isPremium && (
              <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                <Star aria-hidden="true" className="size-3" />
                {t("common.premium")}
              </span>
            )}
          </p>
          <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
            <span className="inline-flex items-center gap-1">
              <Tag aria-hidden="true" className="size-4 text-brand-700" />
              {t("merchants.promotionCount", { count: m.promotionCount })}
            </span>
            <span className="inline-flex items-center gap-1">
              <CalendarDays aria-hidden="true" className="size-4 text-brand-700" />
              {t("merchants.eventCount", { count: m.eventCount })}
            </span>
          </p>
        </div>
      </header>
      {about.text && (
        <section className="card mt-4 p-5" aria-label={t("common:contentLanguage.aboutBusiness")}>
          <LocalizedText as="p" value={about} className="whitespace-pre-line text-slate-800" />
        </section>
      )}

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        {/* The heading names the table: one "Business hours" for a screen reader, not a caption besides. */}
        <section className="card p-5" aria-labelledby="hours-title">
          <h2 id="hours-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
            <Clock aria-hidden="true" className="size-5 text-brand-700" />
            {t("merchantDetail.hours")}
          </h2>
          {m.openingHours.length === 0 ? (
            <p className="mt-3 text-sm text-slate-700">{t("merchantDetail.noHours")}</p>
          ) : (
            <table className="mt-3 w-full text-sm" aria-labelledby="hours-title">
              <tbody className="divide-y divide-slate-100">
                {m.openingHours.map((h) => (
                  <tr key={h.day}>
                    <th scope="row" className="py-2 pr-4 text-left font-medium text-slate-800">
                      {t(messageKey(`site:days.${h.day}`), { defaultValue: h.day })}
                    </th>
                    <td className="py-2 text-right text-slate-700">
                      {h.hours.trim().toLowerCase() === "closed" ? t("days.closed") : h.hours}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>

        <section className="card p-5" aria-labelledby="contact-title">
          <h2 id="contact-title" className="text-lg font-bold text-slate-900">
            {t("merchantDetail.contact")}
          </h2>
          <dl className="mt-3 space-y-3 text-sm">
            {m.address && (
              <div>
                <dt className="flex items-center gap-2 font-medium text-slate-800">
                  <MapPin aria-hidden="true" className="size-4 text-slate-500" />
                  {t("merchantDetail.address")}
                </dt>
                <dd className="pl-6 text-slate-700">
                  {m.address}{" "}
                  <a
                    href={directionsUrl(m.address)}
                    className="link inline-flex items-center gap-1"
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    <Navigation aria-hidden="true" className="size-3.5" />
                    {t("promotionDetail.directions")}
                  </a>
                </dd>
              </div>
            )}
            {m.phoneNumber && (
              <div>
                <dt className="flex items-center gap-2 font-medium text-slate-800">
                  <Phone aria-hidden="true" className="size-4 text-slate-500" />
                  {t("merchantDetail.phone")}
                </dt>
                <dd className="pl-6">
                  <a className="link" href={telHref(m.phoneNumber)}>
                    {m.phoneNumber}
                  </a>
                </dd>
              </div>
            )}
            <div>
              <dt className="flex items-center gap-2 font-medium text-slate-800">
                <Mail aria-hidden="true" className="size-4 text-slate-500" />
                {t("merchantDetail.email")}
              </dt>
              <dd className="pl-6">
                <a className="link break-all" href={`mailto:${m.businessEmail}`}>
                  {m.businessEmail}
                </a>
              </dd>
            </div>
            {website && (
              <div>
                <dt className="flex items-center gap-2 font-medium text-slate-800">
                  <Globe aria-hidden="true" className="size-4 text-slate-500" />
                  {t("merchantDetail.website")}
                </dt>
                <dd className="pl-6">
                  <a className="link break-all" href={website} target="_blank" rel="noopener noreferrer">
                    {website.replace(/^https?:\/\//, "").replace(/\/$/, "")}
                  </a>
                </dd>
              </div>
            )}
            {(facebook || instagram) && (
              <div>
                <dt className="font-medium text-slate-800">{t("merchantDetail.social")}</dt>
                <dd className="mt-1 flex flex-wrap gap-2">
                  {facebook && (
                    <a className="btn-secondary" href={facebook} target="_blank" rel="noopener noreferrer">
                      {t("merchantDetail.facebook")}
                    </a>
                  )}
                  {instagram && (
                    <a className="btn-secondary" href={instagram} target="_blank" rel="noopener noreferrer">
                      {t("merchantDetail.instagram")}
                    </a>
                  )}
                </dd>
              </div>
            )}
          </dl>
        </section>
      </div>

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
