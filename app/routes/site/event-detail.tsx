import { absoluteUrl, absoluteUrlOrNull } from "~/lib/http/origin.server";
import { CalendarDays, CheckCircle2, Clock, Globe, Mail, MapPin, Phone, Star, Users } from "~/components/icons";
import { useTranslation } from "~/lib/i18n/react";
import { LocalizedText, useLocalized } from "~/components/localized-text";
import { localizedText } from "~/lib/i18n/localized";
import { data } from "react-router";
import { BackLink, CategoryIcon, displayPrice, useCategoryLabel } from "~/components/site/cards";
import { FavouriteButton, Gallery, ShareButton } from "~/components/site/detail-widgets";
import { useMetrics } from "~/components/site/metrics-beacon";
import { StateView } from "~/components/site/state-view";
import { formatDateLong, formatNumber } from "~/lib/i18n/format";
import { log } from "~/lib/log.server";
import { metaTags } from "~/lib/http/meta";
import { requireActiveMunicipality } from "~/server/municipality-guard.server";
import { PLACEHOLDERS } from "~/lib/placeholders";
import { type EventDetail, findPublicEvent } from "~/modules/event/index.server";
import { eventJsonLd } from "~/modules/opendata";
import { municipalityRead } from "~/modules/live/index.server";
import type { Route } from "./+types/event-detail";
import { Picture } from "~/components/picture";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const municipality = await requireActiveMunicipality(params.municipality, request);
  const town = { name: municipality.name, slug: municipality.slug };
  let event: EventDetail | null = null;
  try {
    event = await municipalityRead(municipality.id, () => findPublicEvent(municipality.id, params.eventId));
  } catch (err) {
    log("error", "event detail failed", { err, id: params.eventId });
    return data(
      {
        state: "error" as const,
        municipality: town,
        event: null,
        meta: { title: context.t("site:eventDetail.notFoundTitle"), noindex: true },
      },
      { status: 500 },
    );
  }
  if (!event) {
    return data(
      {
        state: "not-found" as const,
        municipality: town,
        event: null,
        meta: { title: context.t("site:eventDetail.notFoundTitle"), noindex: true },
      },
      { status: 404 },
    );
  }
  return {
    state: "ok" as const,
    municipality: town,
    event,
    meta: {
      title: localizedText(event, "title", context.locale) ?? event.title,
      description:
        (localizedText(event, "description", context.locale) ?? "").slice(0, 200) ||
        context.t("site:events.metaDescription", { city: municipality.name }),
      image: absoluteUrl(event.imageUrl ?? PLACEHOLDERS.galleryImages[0]),
      type: "article",
      jsonLd: eventJsonLd(
        {
          ...event,
          title: localizedText(event, "title", context.locale) ?? event.title,
          description: localizedText(event, "description", context.locale),
        },
        { city: municipality.name },
        {
          page: absoluteUrl(`/events/${municipality.slug}/${event.id}`),
          merchant: absoluteUrl(`/merchants/${event.merchantId}`),
          image: absoluteUrlOrNull(event.imageUrl),
        },
      ),
    },
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export default function EventDetailPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("site");
  const text = useLocalized();
  const label = useCategoryLabel();
  const { municipality } = loaderData;
  // Issue #17: the view, and the clicks on directions and share, are counted.
  const track = useMetrics("event", loaderData.event?.id, loaderData.event?.merchantId);
  const back = `/events/${municipality.slug}`;
  if (loaderData.state !== "ok" || !loaderData.event) {
    // SPEC: both "Event not found." and "Failed to load event details." show the Event Not Found view.
    return (
      <StateView
        tone={loaderData.state === "error" ? "error" : "not-found"}
        title={t("eventDetail.notFoundTitle")}
        message={loaderData.state === "error" ? t("eventDetail.loadError") : t("eventDetail.notFound")}
        back={back}
        backLabel={t("eventDetail.back")}
      />
    );
  }
  const e = loaderData.event;
  const title = text(e, "title");
  const m = e.merchant;
  const images = [e.imageUrl ?? PLACEHOLDERS.galleryImages[0], ...PLACEHOLDERS.galleryImages];

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <BackLink to={back}>{t("eventDetail.back")}</BackLink>
      {/* On a phone the title, price and actions come first; beside the gallery on a wide screen. */}
      <div className="mt-4 grid gap-8 lg:grid-cols-[3fr_2fr]">
        <div className="order-2 lg:order-none">
          <Gallery images={images} title={title.text ?? e.title} />
          <section className="mt-8" aria-labelledby="about-title">
            <h2 id="about-title" className="text-lg font-bold text-slate-900">
              {t("eventDetail.about")}
            </h2>
            <LocalizedText as="p" value={text(e, "description")} className="mt-2 whitespace-pre-line text-slate-800" />
          </section>
          <section className="mt-8" aria-labelledby="tags-title">
            <h2 id="tags-title" className="text-lg font-bold text-slate-900">
              {t("eventDetail.tags")}
            </h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {PLACEHOLDERS.eventTags.map((tag) => (
                <li key={tag} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">
                  {t(`placeholders.eventTags.${tag}`)}
                </li>
              ))}
            </ul>
          </section>
          <section className="mt-8" aria-labelledby="guidelines-title">
            <h2 id="guidelines-title" className="text-lg font-bold text-slate-900">
              {t("eventDetail.guidelines")}
            </h2>
            <ul className="mt-3 space-y-2 text-sm text-slate-700">
              {PLACEHOLDERS.eventGuidelines.map((g) => (
                <li key={g} className="flex gap-2">
                  <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
                  {t(`placeholders.guidelines.${g}`)}
                </li>
              ))}
            </ul>
          </section>
        </div>

        <div className="order-1 space-y-6 lg:order-none">
          <section className="card p-5">
            <div className="flex flex-wrap items-center gap-2">
              <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                <CategoryIcon category={e.category} className="size-3.5" />
                {label(e.category)}
              </span>
              {e.isFeatured && (
                <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                  <Star aria-hidden="true" className="size-3" />
                  {t("common.featured")}
                </span>
              )}
            </div>
            <LocalizedText
              as="h1"
              labelInside
              value={title}
              className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl"
            />
            <dl className="mt-4 space-y-3 text-sm">
              <div className="flex gap-2">
                <dt className="shrink-0">
                  <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
                  <span className="sr-only">{t("eventDetail.date")}</span>
                </dt>
                <dd className="font-medium text-slate-900">{formatDateLong(e.startDate, i18n.language)}</dd>
              </div>
              <div className="flex gap-2">
                <dt className="shrink-0">
                  <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
                  <span className="sr-only">{t("eventDetail.time")}</span>
                </dt>
                <dd className="text-slate-800">{e.time ?? t("eventDetail.noTime")}</dd>
              </div>
              <div className="flex gap-2">
                <dt className="shrink-0">
                  <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
                  <span className="sr-only">{t("eventDetail.venue")}</span>
                </dt>
                <dd className="text-slate-800">{e.venue}</dd>
              </div>
              <div className="flex gap-2">
                <dt className="shrink-0">
                  <Users aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
                  <span className="sr-only">{t("eventDetail.attendees")}</span>
                </dt>
                <dd className="text-slate-800">
                  {t("events.attending", { count: formatNumber(e.attendees, i18n.language) })}
                </dd>
              </div>
            </dl>
            <p className="mt-4 text-2xl font-bold text-slate-900">
              <span className="sr-only">{t("eventDetail.price")}: </span>
              {displayPrice(e.price, t("common.free"))}
            </p>
            <div className="mt-5 flex flex-col gap-2">
              <button type="button" className="btn-primary w-full">
                {t("eventDetail.register")}
              </button>
              <div className="grid grid-cols-2 gap-2">
                <button type="button" className="btn-secondary">
                  {t("eventDetail.contactOrganizer")}
                </button>
                <button type="button" className="btn-secondary" onClick={() => track("directions")}>
                  {t("eventDetail.directions")}
                </button>
              </div>
              <div className="flex flex-wrap items-start gap-2">
                <FavouriteButton id={`event:${e.id}`} />
                <ShareButton title={title.text ?? e.title} onShare={() => track("share")} />
              </div>
            </div>
          </section>

          <section className="card p-5" aria-labelledby="organizer-title">
            <h2 id="organizer-title" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
              {t("eventDetail.organizer")}
            </h2>
            <div className="mt-3 flex items-center gap-3">
              <Picture
                src={m.logoUrl ?? PLACEHOLDERS.galleryImages[0]}
                alt={t("common.logoOf", { name: m.businessName })}
                width={56}
                height={56}
                className="size-14 rounded-full bg-slate-100 object-cover"
              />
              <div>
                <p className="font-semibold text-slate-900">{m.businessName}</p>
                <p className="flex items-center gap-1 text-sm text-slate-700">
                  <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
                  {t("promotionDetail.rating", { rating: formatNumber(PLACEHOLDERS.rating, i18n.language) })}{" "}
                  <span className="text-xs text-slate-600">{t("figures.example")}</span>
                </p>
              </div>
            </div>
            <dl className="mt-4 space-y-2 text-sm">
              <div className="flex gap-2">
                <dt className="shrink-0">
                  <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
                  <span className="sr-only">{t("eventDetail.venue")}</span>
                </dt>
                <dd className="text-slate-800">{e.venue}</dd>
              </div>
              <div className="flex gap-2">
                <dt className="shrink-0">
                  <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
                  <span className="sr-only">{t("eventDetail.email")}</span>
                </dt>
                <dd>
                  <a className="link break-all" href={`mailto:${m.businessEmail}`}>
                    {m.businessEmail}
                  </a>
                </dd>
              </div>
              <div className="flex gap-2">
                <dt className="shrink-0">
                  <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
                  <span className="sr-only">{t("eventDetail.phone")}</span>
                </dt>
                <dd className="text-slate-800">{PLACEHOLDERS.organizerPhone}</dd>
              </div>
              <div className="flex gap-2">
                <dt className="shrink-0">
                  <Globe aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
                  <span className="sr-only">{t("eventDetail.website")}</span>
                </dt>
                <dd className="break-all text-slate-800">
                  {PLACEHOLDERS.organizerWebsite.replace(/^https?:\/\//, "")}
                </dd>
              </div>
            </dl>
          </section>
        </div>
      </div>
    </main>
  );
}
