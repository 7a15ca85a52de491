/**
 * Views and clicks on promotion and event pages, shared by the page (which sends a beacon) and the
 * server (which counts it). No personal data: an entity, a day, a kind and a count.
 */
import { METRIC_KINDS, type MetricKind } from "@db/schema/enums";

export { METRIC_KINDS, type MetricKind };
export const METRIC_ENTITIES = ["promotion", "event"] as const;
export type MetricEntity = (typeof METRIC_ENTITIES)[number];
export const CLICK_KINDS = METRIC_KINDS.filter((k): k is Exclude<MetricKind, "view"> => k !== "view");

/** Where the page sends its beacons (POST, form-encoded: t, id, k). */
export const BEACON_PATH = "/api/beacon";

/**
 * Obvious robots: crawlers, link previews, monitors, command-line clients and headless browsers say so in their
 * User-Agent. A request without one is not a browser either.
 */
const BOT =
  /bot\b|bot[/;]|crawl|spider|slurp|mediapartners|preview|facebookexternalhit|embedly|whatsapp|telegram|discord|headless|phantom|puppeteer|playwright|selenium|lighthouse|pagespeed|pingdom|uptime|monitor|curl|wget|python|httpclient|java\/|go-http|node-fetch|axios|okhttp|libwww|scrapy|feedfetcher|rss/i;

export function isBot(userAgent: string | null | undefined): boolean {
  const ua = userAgent?.trim() ?? "";
  return ua.length < 10 || BOT.test(ua);
}

/** A day of a promotion's chart. */
export type DailyPoint = { day: string; views: number; clicks: number };
export type MetricTotals = Record<MetricKind, number>;
export type PromotionMetrics = {
  id: string;
  title: string;
  totals: MetricTotals;
  clicks: number;
  /** The last 30 days, oldest first, every day present. */
  days: DailyPoint[];
};
export type MerchantMetrics = {
  /** All time, promotions and events together. */
  totals: MetricTotals;
  clicks: number;
  promotions: PromotionMetrics[];
};
