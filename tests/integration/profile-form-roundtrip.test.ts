/**
 * The merchant's business profile saved as rendered: the page's loader runs, the page is rendered on the
 * server, its form is read the way a browser would post it (every field with its rendered value), and the
 * route's action saves that. Nothing the merchant did not change may change: not the business description, not
 * its translations, not opening hours stored as a range. (Every panel form is walked the same way in a browser
 * by tests/e2e/forms-unchanged.spec.ts.)
 */
import { eq } from "drizzle-orm";
import { Window } from "happy-dom";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { type AppLoadContext, RouterProvider, createMemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { merchants, platformEventLogs, users } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { getDb } from "~/lib/db/db.server";
import { MESSAGES, serverT } from "~/lib/i18n/locale.server";
import { I18nProvider } from "~/lib/i18n/react";
import { createI18n } from "~/lib/i18n/translator";
import * as profile from "~/routes/merchant/profile";
import { actorFor, makeMunicipality, makeUser } from "../factories";

function contextFor(actor: Actor): AppLoadContext {
  return {
    requestId: "test",
    nonce: "n",
    locale: "en",
    t: serverT("en"),
    ip: "127.0.0.1",
    getActor: async () => actor,
  } as AppLoadContext;
}

/** The page as the server renders it for the actor, and the fields its form posts, in order. */
async function renderedForm(actor: Actor): Promise<[string, string][]> {
  const context = contextFor(actor);
  const loaderData = await profile.loader({
    request: new Request("http://localhost/merchant/profile"),
    context,
    params: {},
  } as never);
  const Page = profile.default as unknown as (props: { loaderData: unknown }) => React.ReactNode;
  const user = { id: actor.id, name: actor.name, email: actor.email, role: actor.role, municipalitySlug: null };
  const router = createMemoryRouter(
    [
      {
        id: "root",
        path: "/",
        children: [{ id: "profile", index: true, element: createElement(Page, { loaderData }) }],
      },
    ],
    { hydrationData: { loaderData: { root: { locale: "en", user, siteName: "B", nonce: "" }, profile: loaderData } } },
  );
  // The app's translation provider, as root.tsx renders it around every page.
  const html = renderToStaticMarkup(
    I18nProvider({ i18n: createI18n("en", MESSAGES.en), children: createElement(RouterProvider, { router }) }),
  );
  const window = new Window();
  window.document.body.innerHTML = html;
  const form = window.document.querySelector('form[method="post"]');
  if (!form) throw new Error("the profile page has no form");
  const fields = [...new window.FormData(form as never).entries()].map(([k, v]) => [k, String(v)] as [string, string]);
  await window.happyDOM.close();
  return fields;
}

async function post(actor: Actor, fields: [string, string][]) {
  return profile.action({
    request: new Request("http://localhost/merchant/profile", { method: "POST", body: new URLSearchParams(fields) }),
    context: contextFor(actor),
    params: {},
  } as never);
}

describe("merchant profile saved as rendered", () => {
  // One town made before any page is rendered: the page's list of municipalities is cached in the process.
  let town: Awaited<ReturnType<typeof makeMunicipality>>;
  beforeAll(async () => {
    town = await makeMunicipality();
  });

  it("posts back every stored field: an unchanged save changes no column and the audit names no field", async () => {
    const user = await makeUser("merchant", { municipalityId: town.id, name: "Jef Peeters" });
    const actor = await actorFor(user);
    const db = await getDb();
    await db
      .update(merchants)
      .set({
        municipalityId: town.id,
        description: "A family business since 1952: bread, pastry & pralines.",
        originalLocale: "nl",
        translations: {
          en: { description: "A family business <b>since</b> 1952 & more" },
          fr: { description: "Une entreprise familiale depuis 1952." },
        },
        openingHours: [
          { day: "Tuesday - Saturday", hours: "06:30 - 18:00" },
          { day: "Sunday", hours: "07:00 - 13:00" },
        ],
        address: "Grote Markt 12",
        websiteUrl: "https://peeters.example",
        category: "Food & Drink",
        // A pin with more decimals than the map shows (six): kept as stored.
        latitude: 50.93024512345,
        longitude: 5.33768098765,
      })
      .where(eq(merchants.id, actor.id));
    const [before] = await db.select().from(merchants).where(eq(merchants.id, actor.id));

    const fields = await renderedForm(actor);
    expect(fields.map(([k]) => k)).toEqual(
      expect.arrayContaining(["description", "original_locale", "tr_en_description", "tr_fr_description"]),
    );
    expect(fields).toEqual(
      expect.arrayContaining([
        ["latitude", "50.930245"],
        ["longitude", "5.337681"],
      ]),
    );
    const result = (await post(actor, fields)) as { ok?: boolean };
    expect(result).toMatchObject({ ok: true });

    const [after] = await db.select().from(merchants).where(eq(merchants.id, actor.id));
    expect(after).toEqual(before);
    const [audit] = await db
      .select()
      .from(platformEventLogs)
      .where(eq(platformEventLogs.eventType, "merchant.profile_updated"));
    expect(audit.metadata).toEqual({ merchantId: actor.id, changed: [] });
  });

  it("a changed field is saved, named in the audit, and the rest stays", async () => {
    const actor = await actorFor(await makeUser("merchant", { municipalityId: town.id }));
    const db = await getDb();
    await db
      .update(merchants)
      .set({
        municipalityId: town.id,
        description: "A family business.",
        translations: { fr: { description: "Une entreprise familiale." } },
      })
      .where(eq(merchants.id, actor.id));
    const fields = (await renderedForm(actor)).map(([k, v]): [string, string] =>
      k === "hours_Monday" ? [k, "09:00 - 17:00"] : [k, v],
    );
    expect(await post(actor, fields)).toMatchObject({ ok: true });
    const [after] = await db.select().from(merchants).where(eq(merchants.id, actor.id));
    expect(after.openingHours).toEqual([{ day: "Monday", hours: "09:00 - 17:00" }]);
    expect(after.description).toBe("A family business.");
    expect(after.translations).toEqual({ fr: { description: "Une entreprise familiale." } });
    const logs = await db
      .select()
      .from(platformEventLogs)
      .where(eq(platformEventLogs.eventType, "merchant.profile_updated"));
    expect(logs.find((l) => l.userId === actor.id)?.metadata).toEqual({
      merchantId: actor.id,
      changed: ["opening_hours"],
    });
    // The account keeps its own name.
    const [account] = await db.select({ name: users.name }).from(users).where(eq(users.id, actor.id));
    expect(account.name).toBe(actor.name);
  });
});
