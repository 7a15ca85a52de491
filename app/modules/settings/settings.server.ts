/** Platform settings (admin-editable): site name, contact address and provider keys. */
import { authorize } from "~/lib/auth/authorize";
import { inArray, sql } from "drizzle-orm";
import { platformSettings } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { type DbOrTx, getDb } from "~/lib/db/db.server";
import { env } from "~/lib/env.server";
import { recordEvent } from "~/modules/log/index.server";
import { invalidateCaches, onChange } from "~/lib/cache/cache.server";
import { can } from "./settings.policy";
import type { SettingsInput } from "./settings.schema";
import { ValidationError } from "~/lib/http/errors";
import { DEFAULT_ATTRIBUTION, DEFAULT_TILE_URL } from "~/lib/geo/tiles";

type Settings = {
  siteName: string;
  contactEmail: string;
  /** The platform's postal address (footer, mails); blank when not set. */
  postalAddress: string;
  /** Who is responsible for the personal data (mails, privacy); blank when not set. */
  dataController: string;
  paymentApiKey: string;
  /** The key filled into the tile address's {key} (app/modules/settings/maps.server.ts). */
  mapsApiKey: string;
  /** The map tiles' address template and credit line (the defaults when not set). */
  mapsTileUrl: string;
  mapsAttribution: string;
};

const SETTING_KEYS: Record<keyof Settings, string> = {
  siteName: "site_name",
  contactEmail: "contact_email",
  postalAddress: "postal_address",
  dataController: "data_controller",
  paymentApiKey: "payment_api_key",
  mapsApiKey: "maps_api_key",
  mapsTileUrl: "maps_tile_url",
  mapsAttribution: "maps_attribution",
};

const DEFAULT_SITE_NAME = "Buurtplatform";
const TTL_MS = 5_000;
let cache: { at: number; value: Settings } | undefined;

export function invalidateSettings() {
  cache = undefined;
}

// Settings saved on another process (or a change of unknown scope) arrive through the change feed: the short
// cache goes at once, so the maps' tile host (pages and the content security policy) follows without delay.
onChange((change) => {
  if (change.all || change.tables.includes("platform_settings")) invalidateSettings();
});

/** Server-side only: keys are returned in full here and must be masked before reaching a browser. */
export async function getSettings(db?: DbOrTx): Promise<Settings> {
  if (cache && Date.now() - cache.at < TTL_MS) return cache.value;
  const conn = db ?? (await getDb());
  const rows = await conn
    .select()
    .from(platformSettings)
    .where(inArray(platformSettings.key, Object.values(SETTING_KEYS)));
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const value: Settings = {
    siteName: byKey.get(SETTING_KEYS.siteName) || DEFAULT_SITE_NAME,
    contactEmail: byKey.get(SETTING_KEYS.contactEmail) || env().CONTACT_EMAIL,
    postalAddress: byKey.get(SETTING_KEYS.postalAddress) ?? "",
    dataController: byKey.get(SETTING_KEYS.dataController) ?? "",
    paymentApiKey: byKey.get(SETTING_KEYS.paymentApiKey) ?? "",
    mapsApiKey: byKey.get(SETTING_KEYS.mapsApiKey) ?? "",
    mapsTileUrl: byKey.get(SETTING_KEYS.mapsTileUrl) || DEFAULT_TILE_URL,
    mapsAttribution: byKey.get(SETTING_KEYS.mapsAttribution) || DEFAULT_ATTRIBUTION,
  };
  cache = { at: Date.now(), value };
  return value;
}

/** "sk_live_abcdef123456" -> "••••3456": enough to recognise a key, never enough to use it. */
function maskSecret(value: string): string {
  if (!value) return "";
  return `••••${value.slice(-4)}`;
}

/** What the settings page may send to a browser: the keys only masked. */
type MaskedSettings = {
  siteName: string;
  contactEmail: string;
  postalAddress: string;
  dataController: string;
  paymentApiKeyMasked: string;
  mapsApiKeyMasked: string;
  /** Not secret: shown as they are. */
  mapsTileUrl: string;
  mapsAttribution: string;
};

export async function getSettingsForAdmin(actor: Actor | null): Promise<MaskedSettings> {
  authorize(can, actor, "read");
  invalidateSettings();
  const s = await getSettings();
  return {
    siteName: s.siteName,
    contactEmail: s.contactEmail,
    postalAddress: s.postalAddress,
    dataController: s.dataController,
    paymentApiKeyMasked: maskSecret(s.paymentApiKey),
    mapsApiKeyMasked: maskSecret(s.mapsApiKey),
    mapsTileUrl: s.mapsTileUrl,
    mapsAttribution: s.mapsAttribution,
  };
}

/**
 * Saves the settings (admin only). An empty key input keeps the stored key; a clear box removes it. A blank
 * tile address or credit line goes back to OpenStreetMap's; a tile address with {key} needs a maps key.
 * The audit row names the changed settings, never a key value.
 */
export async function saveSettings(actor: Actor | null, input: SettingsInput): Promise<{ changed: string[] }> {
  authorize(can, actor, "update");
  const db = await getDb();
  invalidateSettings();
  const current = await getSettings();
  const next: Partial<Settings> = {
    siteName: input.site_name,
    contactEmail: input.contact_email,
    postalAddress: input.postal_address === undefined ? current.postalAddress : (input.postal_address ?? ""),
    dataController: input.data_controller === undefined ? current.dataController : (input.data_controller ?? ""),
  };
  if (input.clear_payment_api_key) next.paymentApiKey = "";
  else if (input.payment_api_key) next.paymentApiKey = input.payment_api_key;
  if (input.clear_maps_api_key) next.mapsApiKey = "";
  else if (input.maps_api_key) next.mapsApiKey = input.maps_api_key;
  if (input.maps_tile_url !== undefined) next.mapsTileUrl = input.maps_tile_url ?? DEFAULT_TILE_URL;
  if (input.maps_attribution !== undefined) next.mapsAttribution = input.maps_attribution ?? DEFAULT_ATTRIBUTION;
  const key = next.mapsApiKey ?? current.mapsApiKey;
  if ((next.mapsTileUrl ?? current.mapsTileUrl).includes("{key}") && !key) {
    const field = input.clear_maps_api_key ? "maps_api_key" : "maps_tile_url";
    throw new ValidationError("admin:settings.tileUrlNeedsKey", { [field]: "admin:settings.tileUrlNeedsKey" });
  }
  const changed = (Object.keys(next) as (keyof Settings)[]).filter((k) => next[k] !== current[k]);
  await db.transaction(async (tx) => {
    for (const k of changed) {
      const value = next[k] ?? "";
      await tx
        .insert(platformSettings)
        .values({ key: SETTING_KEYS[k], value })
        .onConflictDoUpdate({ target: platformSettings.key, set: { value, updatedAt: sql`now()` } });
    }
    await recordEvent(
      {
        userId: actor.id,
        eventType: "settings.updated",
        description: changed.length
          ? `${actor.email} updated the platform settings (${changed.join(", ")})`
          : `${actor.email} saved the platform settings without changes`,
        metadata: { changed: changed.map((k) => SETTING_KEYS[k]) },
      },
      tx,
    );
  });
  invalidateSettings();
  // Pages carry the settings (the site name, the tile address and its host in their security policy) without
  // having read them from the database: a change drops every cached page and answer, on every process.
  if (changed.length) invalidateCaches();
  return { changed };
}
