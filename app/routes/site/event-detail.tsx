import { absoluteUrl, absoluteUrlOrNull } from "~/lib/http/origin.server";
import { Star } from "~/components/icons";
import { useTranslation } from "~/lib/i18n/react";
import { LocalizedText, useLocalized } from "~/components/localized-text";
import { localizedText } from "~/lib/i18n/localized";
import { data } from "react-router";
import { BackLink, CategoryIcon, displayPrice, useCategoryLabel } from "~/components/site/cards";
import { FavouriteButton, ShareButton } from "~/components/site/detail-widgets";
import { Gallery } from "~/components/site/gallery";
import { useMetrics } from "~/components/site/metrics-beacon";
import { StateView } from "~/components/site/state-view";
import { AttendanceBox, EventContactButtons, eventRoute } from "~/components/site/event-attendance";
import { EventPracticalInfo, EventWhenWhere } from "~/components/site/event-practical-info";
import { OrganizerCard } from "~/components/site/event-organizer";
import { errorResponse, readForm } from "~/lib/forms/form.server";
import { requireActor } from "~/lib/auth/guards.server";
import { todayIso } from "~/lib/i18n/format";
import { log } from "~/lib/log.server";
import { metaTags } from "~/lib/http/meta";
import { requireActiveMunicipality } from "~/server/municipality-guard.server";
import {
  type EventDetail,
  attendanceOf,
  cancelAttendance,
  findPublicEvent,
  registerAttendance,
} from "~/modules/event/index.server";
import { eventJsonLd } from "~/modules/opendata";
import { ratingSummary } from "~/modules/review/index.server";
import { galleryOf } from "~/modules/media/index.server";
import { municipalityRead } from "~/modules/live/index.server";
import type { Route } from "./+types/event-detail";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const municipality = await requireActiveMunicipality(params.municipality, request);
  const town = { name: municipality.name, slug: municipality.slug };
  let event: EventDetail | null = null;
  let mine = false;
  try {
    event = await municipalityRead(municipality.id, () => findPublicEvent(municipality.id, params.eventId));
    const actor = event ? await context.getActor() : null;
    if (event && actor) mine = (await attendanceOf(event.id, actor.id)).attending;
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
  const rating = await ratingSummary(event.merchantId);
  const gallery = await galleryOf("event", event.id);
  return {
    state: "ok" as const,
    municipality: town,
    event,
    attendance: { mine, over: event.startDate < todayIso() },
    rating,
    gallery,
    meta: {
      title: localizedText(event, "title", context.locale) ?? event.title,
      description:
        (localizedText(event, "description", context.locale) ?? "").slice(0, 200) ||
        context.t("site:events.metaDescription", { city: municipality.name }),
      image: absoluteUrlOrNull(event.imageUrl ?? gallery[0]?.url),
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

/** Registering for the event and cancelling: a signed-in resident's own attendance only. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireActor(request, context);
  const municipality = await requireActiveMunicipality(params.municipality, request);
  const form = await readForm(request);
  try {
    if (form.intent === "register") {
      await registerAttendance(actor, municipality.id, params.eventId);
      return { ok: true as const, message: "site:attendance.registered" };
    }
    if (form.intent === "cancel") {
      await cancelAttendance(actor, municipality.id, params.eventId);
      return { ok: true as const, message: "site:attendance.cancelled" };
    }
    return data({ ok: false as const, formError: "validation.malformed" }, { status: 400 });
  } catch (err) {
    return errorResponse(err, "site:attendance.errors.failed");
  }
}

export const meta: Route.MetaFunction = ({ data, matches }) => metaTags(data?.meta, matches);

export default function EventDetailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("site");
  const text = useLocalized();
  const label = useCategoryLabel();
  const { municipality } = loaderData;
  // The view, and the clicks on directions and share, are counted.
  const track = useMetrics("event", loaderData.event?.id, loaderData.event?.merchantId);
  const back = `/events/${municipality.slug}`;
  if (loaderData.state !== "ok" || !loaderData.event) {
    // docs/product.md: both "Event not found." and "Failed to load event details." show the Event Not Found view.
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

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <BackLink to={back}>{t("eventDetail.back")}</BackLink>
      {/* On a phone the title, price and actions come first; beside the gallery on a wide screen. */}
      <div className="mt-4 grid gap-8 lg:grid-cols-[3fr_2fr]">
        <div className="order-2 lg:order-none">
          <Gallery title={title.text ?? e.title} image={e.imageUrl} pictures={loaderData.gallery ?? []} />
          <section className="mt-8" aria-labelledby="about-title">
            <h2 id="about-title" className="text-lg font-bold text-slate-900">
              {t("eventDetail.about")}
            </h2>
            <LocalizedText as="p" value={text(e, "description")} className="mt-2 whitespace-pre-line text-slate-800" />
          </section>
          <EventPracticalInfo event={e} />
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
            <EventWhenWhere event={e} />
            <p className="mt-4 text-2xl font-bold text-slate-900">
              <span className="sr-only">{t("eventDetail.price")}: </span>
              {displayPrice(e.price, t("common.free"))}
            </p>
            <div className="mt-5 flex flex-col gap-2">
              <AttendanceBox
                attending={e.attending}
                expected={e.attendees}
                mine={loaderData.attendance?.mine ?? false}
                over={loaderData.attendance?.over ?? false}
              />
              <EventContactButtons
                email={m.businessEmail}
                title={title.text ?? e.title}
                route={eventRoute(e.venue, municipality.name, m)}
                onDirections={() => track("directions")}
              />
              <div className="flex flex-wrap items-start gap-2">
                <FavouriteButton id={`event:${e.id}`} />
                <ShareButton title={title.text ?? e.title} onShare={() => track("share")} />
              </div>
            </div>
          </section>

          <OrganizerCard merchant={m} rating={loaderData.rating} track={track} />
        </div>
      </div>
    </main>
  );
}
