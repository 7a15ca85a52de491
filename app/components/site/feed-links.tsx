/**
 * Visible links to a municipality's feeds: the Atom feeds of promotions and reports, and the
 * calendar of events ("Subscribe in your calendar"). Plain anchors: these are files, not pages.
 */
import { CalendarPlus, Rss } from "~/components/icons";
import { useTranslation } from "~/lib/i18n/react";

export function FeedLink({
  kind,
  slug,
  city,
}: {
  kind: "promotions" | "reports" | "events";
  slug: string;
  city: string;
}) {
  const { t } = useTranslation("site");
  const file = kind === "events" ? "events.ics" : `${kind}.atom`;
  const Icon = kind === "events" ? CalendarPlus : Rss;
  return (
    <a
      href={`/feeds/${slug}/${file}`}
      type={kind === "events" ? "text/calendar" : "application/atom+xml"}
      className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 underline-offset-2 hover:underline"
    >
      <Icon aria-hidden="true" className="size-4" />
      {t(kind === "events" ? "feeds.subscribeCalendar" : `feeds.subscribe.${kind}`, { city })}
    </a>
  );
}
