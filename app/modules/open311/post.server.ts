/**
 * POST requests: a service request from a client with an API key becomes a pending report, with no reporter,
 * in the same moderation queue as residents' reports; the public sees it only once a moderator approves it.
 * The description follows the resident's rules (the report form's schema); the place is checked as the report
 * form checks it (coordinates in range, not far from the municipality's centre).
 */
import { reports } from "@db/schema";
import { touches } from "~/lib/cache/cache.server";
import { getDb } from "~/lib/db/db.server";
import { optionalText } from "~/lib/forms/validation";
import { MAX_KM_FROM_CENTRE, distanceKm, parseCoordinate } from "~/lib/geo/geo";
import { hostAllowed } from "~/lib/http/origin.server";
import { recordEvent } from "~/modules/log/index.server";
import { reportSchema } from "~/modules/report";
import { Open311Error, isServiceCode, jurisdiction } from "./georeport.server";
import type { ApiKey } from "./keys.server";

/** The place text a report keeps (the reports table allows 200 characters). */
const ADDRESS_MAX = 200;
const addressField = optionalText(ADDRESS_MAX, false);

type Place = { latitude: number | null; longitude: number | null; placeText: string | null };

/** lat and long together (both numbers in range), or address_string, or both; address_id alone is not enough. */
function readPlace(form: Record<string, string>): Place {
  const rawLat = form.lat?.trim() ?? "";
  const rawLng = form.long?.trim() ?? "";
  const address = addressField.safeParse(form.address_string ?? "");
  if (!address.success) {
    const tooLong = (form.address_string ?? "").trim().length > ADDRESS_MAX;
    throw tooLong
      ? new Open311Error(400, "site:open311.errors.addressTooLong", { max: String(ADDRESS_MAX) })
      : new Open311Error(
          400,
          "site:open311.errors.field",
          { field: "address_string" },
          address.error.issues[0].message,
        );
  }
  const placeText = address.data;
  if (rawLat === "" && rawLng === "") {
    if (!placeText) throw new Open311Error(400, "site:open311.errors.locationRequired");
    return { latitude: null, longitude: null, placeText };
  }
  const latitude = parseCoordinate(rawLat, "lat");
  const longitude = parseCoordinate(rawLng, "lng");
  if (latitude === null || longitude === null) throw new Open311Error(400, "site:open311.errors.latLongInvalid");
  return { latitude, longitude, placeText };
}

/** A picture on another website: this site's own addresses are uploads, which belong to their uploader. */
function mediaUrl(raw: string | undefined): string | null {
  const value = raw?.trim() ?? "";
  if (value === "") return null;
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

const postedSchema = reportSchema.pick({ description: true, image_url: true });

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
  const place = readPlace(form);
  if (place.latitude !== null && place.longitude !== null && town.centerLat !== null && town.centerLng !== null) {
    const km = distanceKm({ lat: town.centerLat, lng: town.centerLng }, { lat: place.latitude, lng: place.longitude });
    if (km > MAX_KM_FROM_CENTRE) {
      throw new Open311Error(400, "site:open311.errors.tooFar", {
        distance: String(Math.round(km)),
        town: town.name,
        max: String(MAX_KM_FROM_CENTRE),
      });
    }
  }
  const imageUrl = mediaUrl(form.media_url);
  const parsed = postedSchema.safeParse({ description: form.description ?? "", image_url: imageUrl ?? "" });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue.path[0] === "image_url" ? "media_url" : String(issue.path[0]);
    throw new Open311Error(400, "site:open311.errors.field", { field }, issue.message);
  }
  return fileApiReport(key, town.id, { type: code, description: parsed.data.description, imageUrl, ...place });
}

type ApiReport = Place & { type: string; description: string; imageUrl: string | null };

/** The pending report itself, and its audit row in the same transaction. */
async function fileApiReport(key: ApiKey, municipalityId: string, input: ApiReport): Promise<{ id: string }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    touches("reports", municipalityId);
    const [row] = await tx
      .insert(reports)
      .values({
        reporterId: null,
        municipalityId,
        type: input.type,
        description: input.description,
        imageUrl: input.imageUrl,
        latitude: input.latitude,
        longitude: input.longitude,
        placeText: input.placeText,
        showName: false,
        status: "pending",
        open311KeyId: key.id,
      })
      .returning({ id: reports.id });
    await recordEvent(
      {
        userId: null,
        eventType: "report.filed",
        description: `The Open311 client "${key.name}" filed a ${input.type} report`,
        metadata: { reportId: row.id, type: input.type, municipalityId, status: "pending", open311KeyId: key.id },
      },
      tx,
    );
    return row;
  });
}
