/**
 * Signed-in pages kept per session (app/lib/cache/page-cache.server.ts) on the real server: a session is
 * served its own stored page, never another person's or a guest's, and never again once it signed out.
 */
import { expect, test } from "./fixtures";
import { DEMO } from "./helpers";

test("a session gets its own stored page; nobody else does, and signing out ends it", async ({
  playwright,
  baseURL,
}) => {
  const origin = new URL(baseURL as string).origin;
  const headers = { "Accept-Language": "en" };
  const user = await playwright.request.newContext({ baseURL, extraHTTPHeaders: headers });
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: headers });
  const guest = await playwright.request.newContext({ baseURL, extraHTTPHeaders: headers });
  try {
    for (const [who, context] of [
      [DEMO.user, user],
      [DEMO.admin, admin],
    ] as const) {
      const login = await context.post("/login", {
        form: { email: who.email, password: who.password },
        headers: { Origin: origin },
      });
      expect(login.ok()).toBe(true);
    }
    // Other tests write in parallel (each write drops what it touched), hence the poll for a stored page.
    await expect.poll(async () => (await user.get("/hasselt")).headers()["x-cache"]).toBe("HIT");
    const mine = await user.get("/hasselt");
    expect(await mine.text()).toContain(DEMO.user.email);
    expect(mine.headers()["cache-control"]).toBe("private, no-store");

    for (let i = 0; i < 3; i++) {
      const theirs = await admin.get("/hasselt");
      const text = await theirs.text();
      expect(text).toContain(DEMO.admin.email);
      expect(text).not.toContain(DEMO.user.email);
      const anonymous = await (await guest.get("/hasselt")).text();
      expect(anonymous).not.toContain(DEMO.user.email);
      expect(anonymous).toContain("Log in");
    }

    // The session's cookie, kept after signing out, finds nothing stored for it.
    const cookies = (await user.storageState()).cookies;
    const out = await user.post("/logout", { headers: { Origin: origin }, maxRedirects: 0 });
    expect(out.status()).toBe(302);
    const stale = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { ...headers, Cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") },
    });
    try {
      const after = await stale.get("/hasselt");
      expect(after.headers()["x-cache"]).not.toBe("HIT");
      expect(await after.text()).not.toContain(DEMO.user.email);
    } finally {
      await stale.dispose();
    }
  } finally {
    await user.dispose();
    await admin.dispose();
    await guest.dispose();
  }
});
