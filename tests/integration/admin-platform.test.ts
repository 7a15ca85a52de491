/** Subscriptions, features, municipalities, settings, the audit log reader and the dashboard counts. */
import { desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  events,
  media,
  municipalities,
  platformEventLogs,
  platformSettings,
  promotions,
  subscriptions,
  users,
} from "@db/schema";
import { getDb } from "~/lib/db/db.server";
import { parseWith } from "~/lib/forms/form.server";
import { todayIso } from "~/lib/i18n/format";
import { settingsSchema } from "~/modules/settings/settings.schema";
import { dashboardStats, recentActivities } from "~/modules/admin/dashboard.server";
import { featureSchema } from "~/modules/feature/feature.schema";
import {
  createFeature,
  deleteFeature,
  listFeatures,
  listPublicFeatures,
  updateFeature,
} from "~/modules/feature/feature.server";
import * as about from "~/routes/site/about";
import { recordEvent } from "~/modules/log/log.server";
import { listLogs } from "~/modules/log/log.queries.server";
import { municipalitySchema } from "~/modules/municipality/municipality.schema";
import {
  createMunicipality,
  deleteMunicipality,
  listMunicipalitiesForAdmin,
  updateMunicipality,
} from "~/modules/municipality/municipality.server";
import { getSettings, getSettingsForAdmin, saveSettings } from "~/modules/settings/settings.server";
import { subscriptionSchema } from "~/modules/subscription/subscription.schema";
import {
  createSubscription,
  deleteSubscription,
  listSubscriptions,
  updateSubscription,
} from "~/modules/subscription/subscription.server";
import { readMedia, uploadImage } from "~/modules/media/media.server";
import { eraseAccount } from "~/modules/privacy/erase.server";
import { actorFor, makeUser } from "../factories";
import { transparentPng } from "../support/images";

async function lastLog(eventType: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(platformEventLogs)
    .where(eq(platformEventLogs.eventType, eventType))
    .orderBy(desc(platformEventLogs.createdAt))
    .limit(1);
  return row;
}

describe("subscriptions", () => {
  it("validates with the documented message", () => {
    const r = parseWith(subscriptionSchema, { user_id: "", tier: "", status: "", start_date: "" });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.formError).toBe("admin:subscriptions.required");
    expect(r.fieldErrors).toEqual({
      user_id: "admin:subscriptions.required",
      tier: "admin:subscriptions.required",
      status: "admin:subscriptions.required",
      start_date: "admin:subscriptions.required",
    });
    expect(
      subscriptionSchema.safeParse({ user_id: "u", tier: "Gold", status: "active", start_date: "2026-01-01" }).success,
    ).toBe(false);
    const ends = subscriptionSchema.safeParse({
      user_id: "u",
      tier: "Free",
      status: "active",
      start_date: "2026-02-01",
      end_date: "2026-01-01",
    });
    expect(ends.error?.issues[0].path).toEqual(["end_date"]);
  });

  it("creates, updates (status set freely) and deletes, with the user's email and audit rows", async () => {
    const admin = await actorFor(await makeUser("admin"));
    const customer = await makeUser("merchant");
    const input = subscriptionSchema.parse({
      user_id: customer.id,
      tier: "Premium",
      status: "trialing",
      start_date: "2026-01-01",
      payment_customer_id: "cus_123",
    });
    const row = await createSubscription(admin, input);
    expect(row.endDate).toBeNull();
    expect(row.paymentSubscriptionId).toBeNull();
    expect((await lastLog("subscription.created")).metadata).toMatchObject({ subscriptionId: row.id });

    const { rows } = await listSubscriptions(admin, { q: customer.email });
    expect(rows[0]).toMatchObject({ id: row.id, userEmail: customer.email });

    await updateSubscription(admin, row.id, { ...input, status: "cancelled", end_date: "2026-03-01" });
    const db = await getDb();
    const [after] = await db.select().from(subscriptions).where(eq(subscriptions.id, row.id));
    expect(after).toMatchObject({ status: "cancelled", endDate: "2026-03-01" });
    const updated = await lastLog("subscription.updated");
    expect(updated.metadata.changed).toEqual(expect.arrayContaining(["status", "endDate"]));
    // Back to active: no enforced transitions.
    await updateSubscription(admin, row.id, { ...input, status: "active" });

    await deleteSubscription(admin, row.id);
    expect(await db.select().from(subscriptions).where(eq(subscriptions.id, row.id))).toHaveLength(0);
    expect((await lastLog("subscription.deleted")).metadata).toMatchObject({ subscriptionId: row.id });
  });

  it("refuses an unknown user", async () => {
    const admin = await actorFor(await makeUser("admin"));
    const input = subscriptionSchema.parse({
      user_id: "nobody",
      tier: "Free",
      status: "active",
      start_date: "2026-01-01",
    });
    await expect(createSubscription(admin, input)).rejects.toMatchObject({ status: 400 });
  });
});

describe("features", () => {
  it("requires a name ('Feature name is required.') and manages features with audit rows", async () => {
    expect(featureSchema.safeParse({ name: "  " }).error?.issues[0].message).toBe("admin:features.required");
    const admin = await actorFor(await makeUser("admin"));
    const row = await createFeature(admin, featureSchema.parse({ name: "Zz Push alerts", description: "" }));
    expect(row.description).toBeNull();
    expect((await lastLog("feature.created")).metadata).toMatchObject({ featureId: row.id });
    await updateFeature(admin, row.id, { name: "Zz Push alerts", description: "Phones" });
    expect((await lastLog("feature.updated")).metadata.changed).toEqual(["description"]);
    const names = (await listFeatures(admin)).map((f) => f.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }) || 0));
    await deleteFeature(admin, row.id);
    expect((await listFeatures(admin)).find((f) => f.id === row.id)).toBeUndefined();
    expect((await lastLog("feature.deleted")).metadata).toMatchObject({ featureId: row.id });
  });
});

describe("features on the About page", () => {
  it("lists every feature in the reader's language, the original standing in (labelled) when untranslated", async () => {
    const admin = await actorFor(await makeUser("admin"));
    const tag = Date.now().toString(36);
    const row = await createFeature(
      admin,
      featureSchema.parse({
        name: `Buurtkaart ${tag}`,
        description: "Alle zaken op een kaart.",
        original_locale: "nl",
        tr_fr_name: `Carte du quartier ${tag}`,
        tr_fr_description: "Tous les commerces sur une carte.",
        tr_en_name: `Neighbourhood map ${tag}`,
        tr_en_description: "",
      }),
    );
    const mine = async (locale: "en" | "nl" | "fr") => (await listPublicFeatures(locale)).find((f) => f.id === row.id);
    expect((await mine("fr"))?.name).toEqual({
      text: `Carte du quartier ${tag}`,
      lang: "fr",
      isOriginalFallback: false,
    });
    expect((await mine("en"))?.name.text).toBe(`Neighbourhood map ${tag}`);
    expect((await mine("en"))?.description).toEqual({
      text: "Alle zaken op een kaart.",
      lang: "nl",
      isOriginalFallback: true,
    });
    expect((await mine("nl"))?.name.text).toBe(`Buurtkaart ${tag}`);
    // Ordered by the name the reader reads.
    const names = (await listPublicFeatures("fr")).map((f) => f.name.text ?? "");
    expect(names).toEqual([...names].sort(new Intl.Collator("fr").compare));

    // The About page's loader carries them; an edit shows at once, a deleted one is gone.
    const load = async () =>
      (await about.loader({
        request: new Request("http://localhost/about-us"),
        context: { locale: "fr", t: (k: string) => k } as never,
        params: {},
      } as never)) as { features: { id: string; name: { text: string } }[] };
    expect((await load()).features.find((f) => f.id === row.id)?.name.text).toBe(`Carte du quartier ${tag}`);
    await updateFeature(admin, row.id, featureSchema.parse({ name: `Buurtkaart ${tag}`, tr_fr_name: `Plan ${tag}` }));
    expect((await load()).features.find((f) => f.id === row.id)?.name.text).toBe(`Plan ${tag}`);
    await deleteFeature(admin, row.id);
    expect((await load()).features.find((f) => f.id === row.id)).toBeUndefined();
  });
});

describe("municipalities (admin)", () => {
  it("defaults is_active to false only when unchecked, lists inactive ones for admins and logs changes", async () => {
    const admin = await actorFor(await makeUser("admin"));
    const created = await createMunicipality(
      admin,
      municipalitySchema.parse({ name: "Sint-Truiden", slug: "Sint-Truiden", is_active: "on" }),
    );
    expect(created).toMatchObject({ slug: "sint-truiden", isActive: true });
    expect((await lastLog("municipality.created")).metadata).toMatchObject({ municipalityId: created.id });
    await updateMunicipality(
      admin,
      created.id,
      municipalitySchema.parse({ name: "Sint-Truiden", slug: "sint-truiden" }),
    );
    const found = await listMunicipalitiesForAdmin(admin, { q: "truiden" });
    expect(found.map((m) => [m.id, m.isActive])).toEqual([[created.id, false]]);
    expect((await lastLog("municipality.updated")).metadata).toMatchObject({ isActive: false });
    await deleteMunicipality(admin, created.id);
    expect((await lastLog("municipality.deleted")).metadata).toMatchObject({ municipalityId: created.id });
    expect(municipalitySchema.safeParse({ name: "", slug: "" }).error?.issues[0].message).toBe(
      "admin:municipalities.required",
    );
  });
});

describe("a municipality's map settings and logo (admin)", () => {
  const base = (slug: string, extra: Record<string, string> = {}) =>
    parseWith(municipalitySchema, { name: `Map ${slug}`, slug, is_active: "on", ...extra });
  const slug = () => `map-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const stored = async (id: string) => {
    const db = await getDb();
    const [row] = await db.select().from(municipalities).where(eq(municipalities.id, id));
    return row;
  };

  it("saves the centre and zoom, keeps them when a form does not post them, clears them when blank", async () => {
    const admin = await actorFor(await makeUser("admin"));
    const s = slug();
    const parsed = base(s, { center_lat: "50,9307", center_lng: "5.3378", map_zoom: "13" });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
    const row = await createMunicipality(admin, parsed.data);
    expect(row).toMatchObject({ centerLat: 50.9307, centerLng: 5.3378, mapZoom: 13 });

    const without = base(s);
    if (!without.ok) throw new Error("parse");
    await updateMunicipality(admin, row.id, without.data);
    expect(await stored(row.id)).toMatchObject({ centerLat: 50.9307, centerLng: 5.3378, mapZoom: 13 });

    const blank = base(s, { center_lat: "", center_lng: " ", map_zoom: "" });
    if (!blank.ok) throw new Error("parse");
    await updateMunicipality(admin, row.id, blank.data);
    expect(await stored(row.id)).toMatchObject({ centerLat: null, centerLng: null, mapZoom: null });
  });

  it("refuses coordinates out of range, half a centre and a zoom outside 1-19 with each field's message", () => {
    const errors = (extra: Record<string, string>) => {
      const r = base("x-town", extra);
      return r.ok ? {} : r.fieldErrors;
    };
    expect(errors({ center_lat: "91", center_lng: "5" })).toEqual({
      center_lat: "admin:municipalities.errors.latitude",
    });
    expect(errors({ center_lat: "50.9", center_lng: "east" })).toEqual({
      center_lng: "admin:municipalities.errors.longitude",
    });
    expect(errors({ center_lat: "50.9", center_lng: "" })).toEqual({
      center_lng: "admin:municipalities.errors.bothCoordinates",
    });
    expect(errors({ center_lat: "", center_lng: "5.3" })).toEqual({
      center_lat: "admin:municipalities.errors.bothCoordinates",
    });
    for (const zoom of ["0", "20", "3.5", "-1", "ten"])
      expect(errors({ map_zoom: zoom })).toEqual({ map_zoom: "admin:municipalities.errors.zoom" });
    expect(errors({ center_lat: "-90", center_lng: "180", map_zoom: "19" })).toEqual({});
    expect(errors({ map_zoom: "1" })).toEqual({});
  });

  it("takes an uploaded logo: public once saved, a replaced one deleted, one in use elsewhere refused", async () => {
    const admin = await actorFor(await makeUser("admin"));
    const db = await getDb();
    const first = await uploadImage(admin, await transparentPng(120, 120));
    // Not yet saved: only its uploader sees it.
    expect(await readMedia(null, first.url.slice("/media/".length))).toBeNull();
    const parsed = base(slug(), { logo_url: first.url });
    if (!parsed.ok) throw new Error("parse");
    const row = await createMunicipality(admin, parsed.data);
    expect(row.logoUrl).toBe(first.url);
    const [logo] = await db.select().from(media).where(eq(media.municipalityId, row.id));
    expect(logo.ownerId).toBe(admin.id);
    expect((await readMedia(null, first.url.slice("/media/".length)))?.public).toBe(true);

    const second = await uploadImage(admin, await transparentPng(90, 90));
    await updateMunicipality(admin, row.id, { ...parsed.data, logo_url: second.url });
    const logos = await db.select({ hash: media.hash }).from(media).where(eq(media.municipalityId, row.id));
    expect(logos).toHaveLength(1);
    expect(second.url).toContain(logos[0].hash);
    expect(await readMedia(admin, first.url.slice("/media/".length))).toBeNull();

    // Another municipality's logo is not free to take.
    const other = base(slug(), { logo_url: (await uploadImage(admin, await transparentPng(70, 70))).url });
    if (!other.ok) throw new Error("parse");
    const otherRow = await createMunicipality(admin, other.data);
    const taken = await updateMunicipality(admin, row.id, { ...parsed.data, logo_url: otherRow.logoUrl }).catch(
      (e) => e,
    );
    expect(taken.fieldErrors?.logo_url).toBe("media.errors.notYours");
    expect((await stored(row.id)).logoUrl).toBe(second.url);
    const bogus = await updateMunicipality(admin, row.id, {
      ...parsed.data,
      logo_url: "/media/0123456789abcdef0123456789abcdef-1280.jpg",
    }).catch((e) => e);
    expect(bogus.fieldErrors?.logo_url).toBe("media.errors.notYours");

    await deleteMunicipality(admin, row.id);
    expect(await db.select().from(media).where(eq(media.municipalityId, row.id))).toHaveLength(0);
  });

  it("keeps the logo when the administrator who uploaded it deletes their account", async () => {
    const leaving = await actorFor(await makeUser("admin"));
    // Another administrator to hand it to.
    await makeUser("admin");
    const up = await uploadImage(leaving, await transparentPng(80, 80));
    const parsed = base(slug(), { logo_url: up.url });
    if (!parsed.ok) throw new Error("parse");
    const row = await createMunicipality(leaving, parsed.data);
    await eraseAccount(leaving, leaving.id, { deleteReports: false }, "self");
    const db = await getDb();
    const [logo] = await db.select().from(media).where(eq(media.municipalityId, row.id));
    expect(logo.ownerId).not.toBe(leaving.id);
    expect((await stored(row.id)).logoUrl).toBe(up.url);
    const [heir] = await db.select({ role: users.role }).from(users).where(eq(users.id, logo.ownerId));
    expect(heir.role).toBe("admin");
    expect((await readMedia(null, up.url.slice("/media/".length)))?.public).toBe(true);
  });
});

describe("settings", () => {
  const base = { site_name: "Buurt Hasselt", contact_email: "info@example.test" };

  it("saves, keeps a key when its input is empty, masks keys and never logs them", async () => {
    const admin = await actorFor(await makeUser("admin"));
    await saveSettings(
      admin,
      settingsSchema.parse({ ...base, payment_api_key: "sk_live_secret_9876", maps_api_key: "maps-secret-4321" }),
    );
    const full = await getSettings();
    expect(full.siteName).toBe("Buurt Hasselt");
    expect(full.paymentApiKey).toBe("sk_live_secret_9876");

    const forBrowser = await getSettingsForAdmin(admin);
    const json = JSON.stringify(forBrowser);
    expect(json).not.toContain("sk_live_secret");
    expect(json).not.toContain("maps-secret");
    expect(forBrowser.paymentApiKeyMasked).toBe("••••9876");

    const log = await lastLog("settings.updated");
    expect(log.userId).toBe(admin.id);
    expect(JSON.stringify(log)).not.toContain("secret");
    expect(log.metadata.changed).toEqual(
      expect.arrayContaining(["site_name", "contact_email", "payment_api_key", "maps_api_key"]),
    );

    // Empty key inputs keep the stored keys.
    await saveSettings(
      admin,
      settingsSchema.parse({ ...base, site_name: "Buurt Genk", payment_api_key: "", maps_api_key: "" }),
    );
    const kept = await getSettings();
    expect(kept.paymentApiKey).toBe("sk_live_secret_9876");
    expect(kept.siteName).toBe("Buurt Genk");
    expect((await lastLog("settings.updated")).metadata.changed).toEqual(["site_name"]);

    // The clear box removes one.
    await saveSettings(admin, settingsSchema.parse({ ...base, site_name: "Buurt Genk", clear_maps_api_key: "on" }));
    expect((await getSettings()).mapsApiKey).toBe("");
    const db = await getDb();
    const [row] = await db.select().from(platformSettings).where(eq(platformSettings.key, "maps_api_key"));
    expect(row.value).toBe("");
  });

  it("requires a site name and a valid contact email", () => {
    expect(settingsSchema.safeParse({ site_name: "", contact_email: "x" }).success).toBe(false);
  });
});

describe("audit log reader and dashboard", () => {
  it("lists newest first with the user's email, or null for system rows", async () => {
    const admin = await actorFor(await makeUser("admin"));
    await recordEvent({ userId: null, eventType: "system.test", description: "System did a thing zq1" });
    // Two rows written within the same clock tick would tie on created_at: the first is made a second older.
    const db = await getDb();
    await db
      .update(platformEventLogs)
      .set({ createdAt: sql`created_at - interval '1 second'` })
      .where(eq(platformEventLogs.description, "System did a thing zq1"));
    await recordEvent({ userId: admin.id, eventType: "admin.test", description: "Admin did a thing zq2" });
    const { rows } = await listLogs(admin, { q: "did a thing zq" });
    expect(rows.map((r) => r.description)).toEqual(["Admin did a thing zq2", "System did a thing zq1"]);
    expect(rows[0].userEmail).toBe(admin.email);
    expect(rows[1].userEmail).toBeNull();
    const recent = await recentActivities(admin);
    expect(recent).toHaveLength(4);
    expect(recent[0].description).toBe("Admin did a thing zq2");
  });

  it("counts users, merchants, active promotions and events, and the last 7 days", async () => {
    const admin = await actorFor(await makeUser("admin"));
    const before = await dashboardStats(admin);
    const merchant = await makeUser("merchant");
    await makeUser("user");
    const db = await getDb();
    const today = todayIso();
    await db.insert(promotions).values([
      { title: "Active", merchantId: merchant.id, validUntil: today },
      { title: "Expired", merchantId: merchant.id, validUntil: "2000-01-01" },
    ]);
    await db.insert(events).values([
      { title: "Upcoming", merchantId: merchant.id, startDate: today, venue: "Hall", category: "Music" },
      { title: "Past", merchantId: merchant.id, startDate: "2000-01-01", venue: "Hall", category: "Music" },
    ]);
    const after = await dashboardStats(admin);
    expect(after.totalUsers - before.totalUsers).toBe(2);
    expect(after.totalMerchants - before.totalMerchants).toBe(1);
    expect(after.newUsers7d - before.newUsers7d).toBe(2);
    expect(after.newMerchants7d - before.newMerchants7d).toBe(1);
    expect(after.activePromotions - before.activePromotions).toBe(1);
    expect(after.activeEvents - before.activeEvents).toBe(1);
  });
});
