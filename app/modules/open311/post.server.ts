/**
 * POST requests: a service request from a client with an API key becomes a pending report, with no reporter,
 * in the same moderation queue as residents' reports (the report module files it: fileOpen311Report); the
 * public sees it only once a moderator approves it. The fields go through the report form's own schema (type,
 * description, picture, pin and place text), so a request meets the same rules as a resident's report; Open311
 * adds that a place is required (lat and long, or address_string) and that a picture is on another website.
 */
import { HttpError } from "~/lib/http/errors";
import { hostAllowed } from "~/lib/http/origin.server";
import { reportSchema } from "~/modules/report";
import { fileOpen311Report } from "~/modules/report/index.server";
import { Open311Error, isServiceCode, jurisdiction } from "./georeport.server";
import type { ApiKey } from "./keys.server";

/** The place text a report keeps (the reports table allows 200 characters). */
const ADDRESS_MAX = 200;

/** A picture on another website: this site's own addresses are uploads, which belong to their uploader. */
function checkMediaUrl(raw: string | undefined): string {
  const value = raw?.trim() ?? "";
  if (value === "") return "";
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    /* refused below */
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || hostAllowed(url.host)) {
    throw new Open311Error(400, "site:open311.errors.mediaUrl");
  }
  return value;
}

/** The report form's fields from the specification's names, checked by the report form's schema. */
function parseFields(code: string, form: Record<string, string>) {
  const parsed = reportSchema.safeParse({
    type: code,
    description: form.description ?? "",
    image_url: checkMediaUrl(form.media_url),
    latitude: form.lat ?? "",
    longitude: form.long ?? "",
    place_text: form.address_string ?? "",
  });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = String(issue.path[0]);
  if (field === "latitude" || field === "longitude") throw new Open311Error(400, "site:open311.errors.latLongInvalid");
  if (field === "place_text" && (form.address_string ?? "").trim().length > ADDRESS_MAX) {
    throw new Open311Error(400, "site:open311.errors.addressTooLong", { max: String(ADDRESS_MAX) });
  }
  const name = field === "place_text" ? "address_string" : field === "image_url" ? "media_url" : field;
  throw new Open311Error(400, "site:open311.errors.field", { field: name }, issue.message);
}

/** Checks everything a client posted (after its key) and files the report; returns the new report's id. */
export async function postServiceRequest(key: ApiKey, form: Record<string, string>): Promise<{ id: string }> {
  const slug = form.jurisdiction_id?.trim() ?? "";
  if (!slug) throw new Open311Error(400, "site:open311.errors.jurisdictionRequired");
  const code = form.service_code?.trim() ?? "";
  if (!code) throw new Open311Error(400, "site:open311.errors.serviceCodeRequired");
  if (!isServiceCode(code)) {
    throw new Open311Error(400, "site:open311.errors.serviceCodeNotFound", { value: code.slice(0, 60) });
  }
  const town = await jurisdiction(slug);
  const input = parseFields(code, form);
  if (input.latitude === null && input.place_text === null) {
    throw new Open311Error(400, "site:open311.errors.locationRequired");
  }
  try {
    const row = await fileOpen311Report(key, town.id, input);
    return { id: row.id };
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    // The report module's refusal (a pin far from the town, a town gone inactive), in the API's words.
    if (err.message === "validation.placeTooFar") throw new Open311Error(400, "site:open311.errors.tooFar", err.params);
    throw new Open311Error(err.status, "site:open311.errors.other", err.params, err.message);
  }
}
