/**
 * Open311 API keys: only administrators issue, list and revoke them (policy), the key is shown once and only
 * its SHA-256 is stored, issue and revoke are in the audit log, a revoked key is refused, and the admin screen's
 * action answers the key once and field errors for a bad name.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { open311Keys, platformEventLogs } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { getDb } from "~/lib/db/db.server";
import { ForbiddenError, NotFoundError } from "~/lib/http/errors";
import { serverT } from "~/lib/i18n/locale.server";
import { checkKey, issueKey, listKeys, revokeKey } from "~/modules/open311/index.server";
import * as screen from "~/routes/admin/open311";
import { actorFor, makeUser } from "../factories";

const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");

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
const post = (body: Record<string, string>, actor: Actor) =>
  ({
    request: new Request("http://localhost/admin/open311", { method: "POST", body: new URLSearchParams(body) }),
    context: contextFor(actor),
    params: {},
  }) as never;

describe("the policy", () => {
  it("lets administrators only list, issue and revoke keys", async () => {
    const admin = await actorFor(await makeUser("admin"));
    const issued = await issueKey(admin, { name: "Policy check" });
    for (const role of ["user", "merchant"] as const) {
      const other = await actorFor(await makeUser(role));
      await expect(listKeys(other)).rejects.toBeInstanceOf(ForbiddenError);
      await expect(issueKey(other, { name: "Mine" })).rejects.toBeInstanceOf(ForbiddenError);
      await expect(revokeKey(other, issued.id)).rejects.toBeInstanceOf(ForbiddenError);
    }
    await expect(listKeys(null)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(issueKey(null, { name: "Nobody" })).rejects.toBeInstanceOf(ForbiddenError);
    expect((await checkKey(issued.key)).status).toBe("valid");
  });
});

describe("keys", () => {
  it("are shown once and stored as their SHA-256 only", async () => {
    const admin = await actorFor(await makeUser("admin", { name: "Ada Admin" }));
    const { id, key } = await issueKey(admin, { name: "Fix-it app" });
    expect(key).toMatch(/^o311_[A-Za-z0-9_-]{32}$/);
    const db = await getDb();
    const [row] = await db.select().from(open311Keys).where(eq(open311Keys.id, id));
    expect(row.keyHash).toBe(sha256(key));
    expect(row.keyPrefix).toBe(key.slice(0, 9));
    expect(JSON.stringify(row)).not.toContain(key.slice(9));
    const listed = (await listKeys(admin)).find((k) => k.id === id);
    expect(listed).toMatchObject({ name: "Fix-it app", createdByName: "Ada Admin", lastUsedAt: null, revokedAt: null });
    expect(JSON.stringify(await listKeys(admin))).not.toContain(row.keyHash);
    expect(JSON.stringify(await listKeys(admin))).not.toContain(key);
    // Two keys are never the same.
    expect((await issueKey(admin, { name: "Fix-it app" })).key).not.toBe(key);
  });

  it("tell why a presented key is refused, and note when a valid one was last used", async () => {
    const admin = await actorFor(await makeUser("admin"));
    const { id, key } = await issueKey(admin, { name: "Usage" });
    expect(await checkKey(null)).toEqual({ status: "missing" });
    expect(await checkKey("o311_unknown")).toEqual({ status: "unknown" });
    expect(await checkKey(key.toUpperCase())).toEqual({ status: "unknown" });
    expect(await checkKey(`${key} `)).toEqual({ status: "unknown" });
    expect(await checkKey(key)).toEqual({ status: "valid", key: { id, name: "Usage" } });
    const [used] = (await listKeys(admin)).filter((k) => k.id === id);
    expect(used.lastUsedAt).not.toBeNull();
    await revokeKey(admin, id);
    expect(await checkKey(key)).toEqual({ status: "revoked" });
  });

  it("are revoked once, with an audit entry for the issue and the revoke (without the key)", async () => {
    const admin = await actorFor(await makeUser("admin"));
    const { id, key } = await issueKey(admin, { name: "Audited" });
    await revokeKey(admin, id);
    await expect(revokeKey(admin, id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(revokeKey(admin, crypto.randomUUID())).rejects.toBeInstanceOf(NotFoundError);
    await expect(revokeKey(admin, "not-a-uuid")).rejects.toBeInstanceOf(NotFoundError);
    const db = await getDb();
    const entries = await db.select().from(platformEventLogs).where(eq(platformEventLogs.userId, admin.id));
    const mine = entries.filter((e) => (e.metadata as { open311KeyId?: string }).open311KeyId === id);
    expect(mine.map((e) => e.eventType).sort()).toEqual(["open311.key_issued", "open311.key_revoked"]);
    expect(JSON.stringify(mine)).not.toContain(key);
    const [row] = await db.select().from(open311Keys).where(eq(open311Keys.id, id));
    expect(row.revokedAt).not.toBeNull();
  });
});

describe("the admin screen", () => {
  it("issues a key and answers it once; the list never holds it", async () => {
    const admin = await actorFor(await makeUser("admin"));
    const result = (await screen.action(post({ intent: "issue", name: "  Town hall  " }, admin))) as {
      ok: boolean;
      message: string;
      params: Record<string, string>;
      key: string;
    };
    expect(result).toMatchObject({ ok: true, message: "admin:open311.issued", params: { name: "Town hall" } });
    expect((await checkKey(result.key)).status).toBe("valid");
    const data = await screen.loader({
      request: new Request("http://localhost/admin/open311"),
      context: contextFor(admin),
      params: {},
    } as never);
    expect(JSON.stringify(data)).toContain("Town hall");
    expect(JSON.stringify(data)).not.toContain(result.key);
    expect(data.apiUrl).toMatch(/\/open311\/v2$/);
  });

  it("refuses a missing or too long name with a field error and stores nothing", async () => {
    const admin = await actorFor(await makeUser("admin"));
    const db = await getDb();
    const before = (await db.select().from(open311Keys)).length;
    for (const name of ["", "   ", "x".repeat(121), "tab\tinside"]) {
      const bad = (await screen.action(post({ intent: "issue", name }, admin))) as {
        init: { status: number };
        data: { fieldErrors: Record<string, string> };
      };
      expect(bad.init.status, JSON.stringify(name)).toBe(400);
      expect(bad.data.fieldErrors.name, JSON.stringify(name)).toBeTruthy();
    }
    expect((await db.select().from(open311Keys)).length).toBe(before);
  });

  it("revokes by id; an unknown id or intent is a 4xx", async () => {
    const admin = await actorFor(await makeUser("admin"));
    const { id, key } = await issueKey(admin, { name: "To revoke" });
    expect(await screen.action(post({ intent: "revoke", id }, admin))).toMatchObject({
      ok: true,
      message: "admin:open311.revokedOk",
    });
    expect((await checkKey(key)).status).toBe("revoked");
    const again = (await screen.action(post({ intent: "revoke", id }, admin))) as { init: { status: number } };
    expect(again.init.status).toBe(404);
    const noId = (await screen.action(post({ intent: "revoke", id: "x" }, admin))) as { init: { status: number } };
    expect(noId.init.status).toBe(404);
    const unknown = (await screen.action(post({ intent: "drop" }, admin))) as { init: { status: number } };
    expect(unknown.init.status).toBe(400);
  });
});
