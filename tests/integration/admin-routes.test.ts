/** The admin routes themselves: every loader and action checks the role, and settings keys stay masked. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { municipalities as municipalityTable } from "@db/schema";
import { getDb } from "~/lib/db/db.server";
import type { Actor } from "~/lib/auth/auth.server";
import { serverT } from "~/lib/i18n/locale.server";
import { saveSettings } from "~/modules/settings/settings.server";
import * as dashboard from "~/routes/admin/dashboard";
import * as events from "~/routes/admin/events";
import * as features from "~/routes/admin/features";
import * as logs from "~/routes/admin/logs";
import * as merchants from "~/routes/admin/merchants";
import * as municipalities from "~/routes/admin/municipalities";
import * as open311 from "~/routes/admin/open311";
import * as promotions from "~/routes/admin/promotions";
import * as reports from "~/routes/admin/reports";
import * as settings from "~/routes/admin/settings";
import * as subscriptions from "~/routes/admin/subscriptions";
import * as users from "~/routes/admin/users";
import { actorFor, makeUser } from "../factories";

const ROUTES = {
  dashboard,
  users,
  merchants,
  promotions,
  events,
  logs,
  subscriptions,
  features,
  municipalities,
  reports,
  settings,
  open311,
};

function contextFor(actor: Actor | null): AppLoadContext {
  return {
    requestId: "test",
    nonce: "n",
    locale: "en",
    t: serverT("en"),
    ip: "127.0.0.1",
    getActor: async () => actor,
  } as AppLoadContext;
}

const get = (path: string) => new Request(`http://localhost${path}`);
const post = (path: string, body: Record<string, string>) =>
  new Request(`http://localhost${path}`, { method: "POST", body: new URLSearchParams(body) });

async function outcome(fn: () => Promise<unknown>) {
  try {
    return { value: await fn() };
  } catch (thrown) {
    return { thrown };
  }
}

describe("admin routes", () => {
  it("redirect guests to /login and other roles to / from every loader and action", async () => {
    const user = await actorFor(await makeUser("user"));
    const merchant = await actorFor(await makeUser("merchant"));
    for (const [name, mod] of Object.entries(ROUTES)) {
      const path = `/admin/${name}`;
      for (const [who, actor, target] of [
        ["guest", null, "/login"],
        ["user", user, "/"],
        ["merchant", merchant, "/"],
      ] as const) {
        const args = { request: get(path), context: contextFor(actor), params: {} } as never;
        const l = await outcome(() => mod.loader(args));
        expect(l.thrown, `${name} loader as ${who}`).toBeInstanceOf(Response);
        const location = (l.thrown as Response).headers.get("Location") ?? "";
        expect(location.split("?")[0], `${name} loader as ${who}`).toBe(target);
        const postArgs = {
          request: post(path, { intent: "delete", id: "00000000-0000-4000-8000-000000000000" }),
          context: contextFor(actor),
          params: {},
        } as never;
        const a = await outcome(() => mod.action(postArgs));
        expect(a.thrown, `${name} action as ${who}`).toBeInstanceOf(Response);
        expect(((a.thrown as Response).headers.get("Location") ?? "").split("?")[0]).toBe(target);
      }
    }
  });

  it("never sends the stored API keys to the browser", async () => {
    const admin = await actorFor(await makeUser("admin"));
    await saveSettings(admin, {
      site_name: "Buurt Test",
      contact_email: "contact@example.test",
      payment_api_key: "sk_live_TOPSECRET_1111",
      maps_api_key: "maps_TOPSECRET_2222",
      clear_payment_api_key: false,
      clear_maps_api_key: false,
    });
    const data = await settings.loader({
      request: get("/admin/settings"),
      context: contextFor(admin),
      params: {},
    } as never);
    const json = JSON.stringify(data);
    expect(json).not.toContain("TOPSECRET");
    expect(json).toContain("••••1111");
    expect(json).toContain("Buurt Test");
  });

  it("answers a settings save with a success message and a 400 with field errors for bad input", async () => {
    const admin = await actorFor(await makeUser("admin"));
    const args = (body: Record<string, string>) =>
      ({ request: post("/admin/settings", body), context: contextFor(admin), params: {} }) as never;
    const okResult = await settings.action(
      args({ intent: "save", site_name: "Buurt", contact_email: "a@example.test" }),
    );
    expect(okResult).toMatchObject({ ok: true, message: "admin:settings.saved" });
    const bad = (await settings.action(args({ intent: "save", site_name: "", contact_email: "nope" }))) as {
      init: { status: number };
      data: { fieldErrors: Record<string, string> };
    };
    expect(bad.init.status).toBe(400);
    expect(bad.data.fieldErrors.site_name).toBe("admin:settings.siteNameRequired");
  });

  it("answers the documented message for an empty municipality form and refuses an unknown intent", async () => {
    const admin = await actorFor(await makeUser("admin"));
    const args = (body: Record<string, string>) =>
      ({ request: post("/admin/municipalities", body), context: contextFor(admin), params: {} }) as never;
    const bad = (await municipalities.action(args({ intent: "create", name: "", slug: "" }))) as {
      init: { status: number };
      data: { formError: string };
    };
    expect(bad.init.status).toBe(400);
    expect(bad.data.formError).toBe("admin:municipalities.required");
    const unknown = (await municipalities.action(args({ intent: "drop-table" }))) as { init: { status: number } };
    expect(unknown.init.status).toBe(400);
  });

  it("refuses a half centre or a zoom of 25 with a 400 and field messages, storing nothing", async () => {
    const admin = await actorFor(await makeUser("admin"));
    const args = (body: Record<string, string>) =>
      ({ request: post("/admin/municipalities", body), context: contextFor(admin), params: {} }) as never;
    const slug = `bad-map-${Date.now().toString(36)}`;
    const bad = (await municipalities.action(
      args({ intent: "create", name: "Bad map", slug, center_lat: "50.93", center_lng: "", map_zoom: "25" }),
    )) as { init: { status: number }; data: { fieldErrors: Record<string, string> } };
    expect(bad.init.status).toBe(400);
    expect(bad.data.fieldErrors).toMatchObject({
      center_lng: "admin:municipalities.errors.bothCoordinates",
      map_zoom: "admin:municipalities.errors.zoom",
    });
    const db = await getDb();
    expect(await db.select().from(municipalityTable).where(eq(municipalityTable.slug, slug))).toHaveLength(0);
    const good = await municipalities.action(
      args({ intent: "create", name: "Good map", slug, center_lat: "50.93", center_lng: "5.34", map_zoom: "12" }),
    );
    expect(good).toMatchObject({ ok: true });
    const [row] = await db.select().from(municipalityTable).where(eq(municipalityTable.slug, slug));
    expect(row).toMatchObject({ centerLat: 50.93, centerLng: 5.34, mapZoom: 12 });
  });
});
