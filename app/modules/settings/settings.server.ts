/** Platform settings (admin-editable): site name, contact address and provider keys. */
import { inArray } from "drizzle-orm";
import { platformSettings } from "@db/schema";
import { type DbOrTx, getDb } from "~/lib/db.server";
import { env } from "~/lib/env.server";

export type Settings = {
  siteName: string;
  contactEmail: string;
  paymentApiKey: string;
  mapsApiKey: string;
};

export const SETTING_KEYS: Record<keyof Settings, string> = {
  siteName: "site_name",
  contactEmail: "contact_email",
  paymentApiKey: "payment_api_key",
  mapsApiKey: "maps_api_key",
};

export const DEFAULT_SITE_NAME = "Buurtplatform";
const TTL_MS = 5_000;
let cache: { at: number; value: Settings } | undefined;

export function invalidateSettings() {
  cache = undefined;
}

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
    paymentApiKey: byKey.get(SETTING_KEYS.paymentApiKey) ?? "",
    mapsApiKey: byKey.get(SETTING_KEYS.mapsApiKey) ?? "",
  };
  cache = { at: Date.now(), value };
  return value;
}

/** "sk_live_abcdef123456" -> "••••3456": enough to recognise a key, never enough to use it. */
export function maskSecret(value: string): string {
  if (!value) return "";
  return `••••${value.slice(-4)}`;
}
