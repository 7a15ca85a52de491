/**
 * The event page's actions: registering (and cancelling) a resident's attendance with the real count beside
 * the organiser's expected number, contacting the organiser, and a map route to the venue. Every click that
 * promotions count (call, website, directions) is counted here too.
 */
import { useFetcher, useLocation } from "react-router";
import { CalendarPlus, Mail, Navigation, Users, X } from "~/components/icons";
import { Link } from "~/components/link";
import { FormMessage } from "~/components/form";
import { formatNumber } from "~/lib/i18n/format";
import { messageKey } from "~/lib/i18n/keys";
import { useTranslation } from "~/lib/i18n/react";
import { useRootData } from "~/lib/use-root-data";
import { canAttend } from "~/modules/event";
import { directionsUrl } from "~/lib/geo/geo";

/** A map route (Google Maps' documented URL scheme) to a place given as text. */
export function routeUrl(destination: string): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

/** Where "Get directions" leads: the venue in its municipality, or else the organiser's own address. */
export function eventDestination(venue: string | null, city: string, merchantAddress: string | null): string | null {
  const place = venue?.trim();
  if (place) return place.toLowerCase().includes(city.toLowerCase()) ? place : `${place}, ${city}`;
  return merchantAddress?.trim() || null;
}

/**
 * "Get directions" of an event: a route to the venue in its municipality; without a venue, to the organiser's
 * pin when it set one, else to its address. `place` is what the link says it leads to.
 */
export function eventRoute(
  venue: string | null,
  city: string,
  organiser: { businessName: string; address: string | null; latitude: number | null; longitude: number | null },
): { href: string; place: string } | null {
  const pinned = organiser.latitude != null && organiser.longitude != null;
  if (!venue?.trim() && pinned) {
    const href = directionsUrl(organiser) as string;
    return { href, place: organiser.address?.trim() || organiser.businessName };
  }
  const destination = eventDestination(venue, city, organiser.address);
  return destination ? { href: routeUrl(destination), place: destination } : null;
}

type ActionResult = { ok: boolean; message?: string; formError?: string; params?: Record<string, string> };

/** "N attending" (registrations), the expected number when the organiser gave one, and the register form. */
export function AttendanceBox({
  attending,
  expected,
  mine,
  over,
}: {
  attending: number;
  expected: number;
  mine: boolean;
  over: boolean;
}) {
  const { t, i18n } = useTranslation("site");
  const user = useRootData().user;
  const here = useLocation().pathname;
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const success = result?.ok && result.message ? t(messageKey(result.message)) : null;
  const error = result && !result.ok && result.formError ? t(messageKey(result.formError), result.params) : null;
  return (
    <div className="space-y-2">
      <p className="flex items-center gap-2 text-sm text-slate-800" data-testid="attending-count">
        <Users aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        <span>
          {t("attendance.attending", { count: attending, formatted: formatNumber(attending, i18n.language) })}
        </span>
      </p>
      {expected > 0 && (
        <p className="pl-6 text-xs text-slate-600">
          {t("attendance.expected", { count: formatNumber(expected, i18n.language) })}
        </p>
      )}
      {over ? (
        <p className="text-sm text-slate-700">{t("attendance.over")}</p>
      ) : !user ? (
        <>
          <Link to={`/login?redirectTo=${encodeURIComponent(here)}`} className="btn-primary w-full">
            <CalendarPlus aria-hidden="true" className="size-4" />
            {t("eventDetail.register")}
          </Link>
          <p className="text-xs text-slate-600">{t("attendance.signIn")}</p>
        </>
      ) : !canAttend(user) ? (
        <p className="text-sm text-slate-700">{t("attendance.residentsOnly")}</p>
      ) : (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value={mine ? "cancel" : "register"} />
          {mine ? (
            <button type="submit" className="btn-secondary w-full" disabled={busy}>
              <X aria-hidden="true" className="size-4" />
              {t("attendance.cancel")}
            </button>
          ) : (
            <button type="submit" className="btn-primary w-full" disabled={busy}>
              <CalendarPlus aria-hidden="true" className="size-4" />
              {t("eventDetail.register")}
            </button>
          )}
        </fetcher.Form>
      )}
      {mine && !success && !error && <p className="text-sm text-brand-800">{t("attendance.registered")}</p>}
      <div aria-live="polite">
        <FormMessage error={error} success={success} />
      </div>
    </div>
  );
}

/** "Contact organizer" (an email to the merchant about this event) and "Get directions" (a map route). */
export function EventContactButtons({
  email,
  title,
  route,
  onDirections,
}: {
  email: string;
  title: string;
  route: { href: string; place: string } | null;
  onDirections: () => void;
}) {
  const { t } = useTranslation("site");
  const subject = t("eventContact.emailSubject", { title });
  return (
    <div className="grid grid-cols-2 gap-2">
      <a className="btn-secondary" href={`mailto:${email}?subject=${encodeURIComponent(subject)}`}>
        <Mail aria-hidden="true" className="size-4" />
        {t("eventDetail.contactOrganizer")}
      </a>
      {route ? (
        <a className="btn-secondary" href={route.href} target="_blank" rel="noopener noreferrer" onClick={onDirections}>
          <Navigation aria-hidden="true" className="size-4" />
          {t("eventDetail.directions")}
          <span className="sr-only">: {t("eventContact.directionsTo", { place: route.place })}</span>
        </a>
      ) : (
        <button type="button" className="btn-secondary" disabled>
          <Navigation aria-hidden="true" className="size-4" />
          {t("eventDetail.directions")}
        </button>
      )}
    </div>
  );
}
