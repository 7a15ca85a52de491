/**
 * Favourites on the account: the heart saves to the account, a guest's hearts join it at sign-in (merge), My
 * favourites lists them with expired ones marked, and they go with the data export and the account.
 */
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { favourites } from "@db/schema";
import { getDb } from "~/lib/db/db.server";
import { ForbiddenError } from "~/lib/http/errors";
import { serverT } from "~/lib/i18n/locale.server";
import { collectUserData } from "~/modules/privacy/collect.server";
import { deleteOwnAccount } from "~/modules/privacy/privacy.server";
import { favouriteKeys, listMyFavourites, mergeFavourites } from "~/modules/favourite/favourite.server";
import { action, loader } from "~/routes/account/my-favourites";
import { FACTORY_PASSWORD, actorFor, makeMunicipality, makeUser } from "../factories";
import { isoDay, makeEvent, makeMerchant, makePromotion } from "./public-helpers";

type Actor = Awaited<ReturnType<typeof actorFor>>;
const contextFor = (actor: Actor | null) =>
  ({
    requestId: "test",
    nonce: "n",
    locale: "en",
    localeChosen: false,
    t: serverT("en"),
    ip: "127.0.0.1",
    getActor: async () => actor,
  }) as unknown as AppLoadContext;

async function send(actor: Actor | null, body: Record<string, string>) {
  try {
    const r = (await action({
      request: new Request("http://localhost/my-favourites", { method: "POST", body: new URLSearchParams(body) }),
      context: contextFor(actor),
      params: {},
    } as never)) as { init?: { status?: number }; data?: unknown } | Record<string, unknown>;
    if (r && typeof r === "object" && "init" in r && "data" in r)
      return { status: (r.init as { status?: number } | undefined)?.status ?? 200, body: r.data };
    return { status: 200, body: r };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: null };
    throw thrown;
  }
}

async function items() {
  const town = await makeMunicipality();
  const merchant = await makeMerchant(town.id);
  const active = await makePromotion(merchant.id, town.id, { title: "Active deal", validUntil: isoDay(5) });
  const expired = await makePromotion(merchant.id, town.id, { title: "Old deal", validUntil: isoDay(-3) });
  const event = await makeEvent(merchant.id, town.id, { title: "Street party", startDate: isoDay(2) });
  return { town, active, expired, event };
}

describe("favourites on the account", () => {
  it("the heart saves and removes; My favourites lists them, expired last and marked", async () => {
    const { active, expired, event, town } = await items();
    const actor = await actorFor(await makeUser("user"));
    for (const item of [`promotion:${active.id}`, `promotion:${expired.id}`, `event:${event.id}`]) {
      expect(await send(actor, { intent: "toggle", item, on: "true" })).toMatchObject({
        status: 200,
        body: { ok: true, message: "account:favourites.added" },
      });
    }
    // Twice is still once.
    await send(actor, { intent: "toggle", item: `event:${event.id}`, on: "true" });
    expect((await favouriteKeys(actor)).sort()).toEqual(
      [`promotion:${active.id}`, `promotion:${expired.id}`, `event:${event.id}`].sort(),
    );
    const list = await listMyFavourites(actor);
    expect(list).toHaveLength(3);
    expect(list[2]).toMatchObject({ id: expired.id, expired: true, kind: "promotion", municipalitySlug: town.slug });
    expect(list.slice(0, 2).every((f) => !f.expired)).toBe(true);

    await send(actor, { intent: "toggle", item: `promotion:${active.id}`, on: "false" });
    expect(await favouriteKeys(actor)).not.toContain(`promotion:${active.id}`);

    const page = (await loader({
      request: new Request("http://localhost/my-favourites"),
      context: contextFor(actor),
      params: {},
    } as never)) as { items: unknown[] };
    expect(page.items).toHaveLength(2);
  });

  it("refuses malformed items and guests", async () => {
    const actor = await actorFor(await makeUser("user"));
    expect(await send(actor, { intent: "toggle", item: "promotion:not-a-uuid", on: "true" })).toMatchObject({
      status: 400,
    });
    expect(
      await send(actor, { intent: "toggle", item: "user:00000000-0000-4000-8000-000000000000", on: "true" }),
    ).toMatchObject({
      status: 400,
    });
    expect(await send(actor, { intent: "merge", items: "{not json" })).toMatchObject({ status: 400 });
    expect(await send(null, { intent: "toggle", item: "promotion:x", on: "true" })).toMatchObject({ status: 302 });
    await expect(mergeFavourites(null, [])).rejects.toBeInstanceOf(ForbiddenError);
    // An item that does not exist is not saved.
    await send(actor, { intent: "toggle", item: "promotion:00000000-0000-4000-8000-000000000000", on: "true" });
    expect(await favouriteKeys(actor)).toEqual([]);
  });

  it("a guest's hearts join the account at sign-in, without duplicates or unknown items", async () => {
    const { active, expired, event } = await items();
    const actor = await actorFor(await makeUser("user"));
    await send(actor, { intent: "toggle", item: `promotion:${active.id}`, on: "true" });
    const browser = [
      `promotion:${active.id}`,
      `promotion:${expired.id}`,
      `event:${event.id}`,
      "promotion:00000000-0000-4000-8000-000000000000",
      "garbage",
      42,
    ];
    expect(await send(actor, { intent: "merge", items: JSON.stringify(browser) })).toMatchObject({
      status: 200,
      body: { ok: true, added: 2 },
    });
    expect((await favouriteKeys(actor)).sort()).toEqual(
      [`promotion:${active.id}`, `promotion:${expired.id}`, `event:${event.id}`].sort(),
    );
    // Merging again changes nothing.
    expect(await mergeFavourites(actor, [{ kind: "event", id: event.id }])).toEqual({ added: 0 });
  });

  it("are in the data export, and go with the account and with the item", async () => {
    const { active, event } = await items();
    const user = await makeUser("user");
    const actor = await actorFor(user);
    await send(actor, { intent: "merge", items: JSON.stringify([`promotion:${active.id}`, `event:${event.id}`]) });
    const db = await getDb();
    const data = await collectUserData(db, user.id);
    expect(data?.favourites).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "promotion", id: active.id, title: "Active deal" }),
        expect.objectContaining({ kind: "event", id: event.id, title: "Street party" }),
      ]),
    );
    await deleteOwnAccount(actor, { currentPassword: FACTORY_PASSWORD, deleteReports: false });
    expect(await db.select().from(favourites).where(eq(favourites.userId, user.id))).toEqual([]);
  });
});
