import http from "node:http";
import net from "node:net";
import { type APIResponse, expect, test } from "./fixtures";
import { DEMO } from "./helpers";

function expectSecurityHeaders(res: APIResponse, what: string) {
  const h = res.headers();
  const csp = h["content-security-policy"] ?? "";
  expect(csp, what).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
  expect(scriptSrc, what).not.toContain("unsafe-inline");
  expect(scriptSrc, what).not.toContain("unsafe-eval");
  expect(csp, what).toContain("object-src 'none'");
  expect(csp, what).toContain("base-uri 'none'");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(h["x-content-type-options"], what).toBe("nosniff");
  expect(h["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(h["cross-origin-opener-policy"], what).toBe("same-origin");
  expect(h["cross-origin-resource-policy"], what).toBe("same-origin");
  expect(h["x-powered-by"], what).toBeUndefined();
}

test.describe("headers", () => {
  test("every kind of response carries the security headers", async ({ request, page }) => {
    const home = await request.get("/");
    expectSecurityHeaders(home, "page");
    const data = await request.get("/about-us.data");
    expectSecurityHeaders(data, ".data");
    const missing = await request.get("/no/such/page");
    expect(missing.status()).toBe(404);
    expectSecurityHeaders(missing, "404");
    const health = await request.get("/healthz");
    expectSecurityHeaders(health, "resource route");
    await page.goto("/");
    const asset = await page.evaluate(() => (document.querySelector("link[rel=stylesheet]") as HTMLLinkElement).href);
    const css = await request.get(asset);
    expect(css.status()).toBe(200);
    expectSecurityHeaders(css, "static asset");
    expect(css.headers()["cache-control"]).toContain("immutable");
  });

  test("the nonce changes per response and marks the inline scripts", async ({ request }) => {
    const a = await request.get("/");
    const b = await request.get("/");
    const nonce = (r: APIResponse) => /'nonce-([^']+)'/.exec(r.headers()["content-security-policy"] ?? "")?.[1];
    expect(nonce(a)).toBeTruthy();
    expect(nonce(a)).not.toBe(nonce(b));
    const html = await a.text();
    // Every inline script; JSON data blocks are not run, so they need no nonce.
    const inlineScripts = /<script(?![^>]*\b(?:src=|type="application\/json"))([^>]*)>/g;
    const inline = [...html.matchAll(inlineScripts)];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, attrs] of inline) expect(attrs).toContain(`nonce="${nonce(a)}"`);
    // An answer from the anonymous-page cache still carries its own nonce everywhere (other tests' writes
    // empty the cache now and then, hence the poll).
    let hit: APIResponse | undefined;
    await expect
      .poll(async () => {
        hit = await request.get("/");
        return hit.headers()["x-cache"];
      })
      .toBe("HIT");
    const cached = await (hit as APIResponse).text();
    expect(cached).not.toContain(nonce(a));
    const scripts = [...cached.matchAll(inlineScripts)];
    expect(scripts.length).toBe(inline.length);
    for (const [, attrs] of scripts) expect(attrs).toContain(`nonce="${nonce(hit as APIResponse)}"`);
  });

  test("no CSP violation and no console error while browsing", async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(m.text());
    });
    await page.goto("/login?lng=en");
    await page.goto("/register");
    expect(problems.filter((p) => /Content Security Policy|Refused/.test(p))).toEqual([]);
  });
});

test.describe("sessions and forms", () => {
  test("the session cookie is HttpOnly and SameSite=Lax", async ({ request, baseURL }) => {
    const res = await request.post("/login", {
      form: { email: DEMO.user.email, password: DEMO.user.password },
      headers: { Origin: new URL(baseURL as string).origin },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(302);
    const cookies = res.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie");
    const session = cookies.find((c) => c.value.startsWith("bp.session_token="));
    expect(session?.value).toMatch(/HttpOnly/i);
    expect(session?.value).toMatch(/SameSite=Lax/i);
  });

  test("a cross-origin form post is rejected", async ({ request }) => {
    const res = await request.post("/login", {
      form: { email: DEMO.user.email, password: DEMO.user.password },
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(403);
    expect(res.headers()["set-cookie"]).toBeUndefined();
  });

  test("every state-changing request passes the same origin check, resource routes included", async ({
    playwright,
    baseURL,
  }) => {
    const origin = new URL(baseURL as string).origin;
    const user = await playwright.request.newContext({ baseURL });
    try {
      const login = await user.post("/login", {
        form: { email: DEMO.user.email, password: DEMO.user.password },
        headers: { Origin: origin },
      });
      expect(login.ok()).toBe(true);
      // A foreign page posting to the logout resource route (and to page actions, `.data` included).
      for (const [path, headers] of [
        ["/logout", { Origin: "https://evil.example" }],
        ["/logout", { Origin: "null" }],
        ["/logout", { "Sec-Fetch-Site": "cross-site" }],
        ["/logout.data", { Origin: "https://evil.example" }],
        ["/profile", { Origin: "https://evil.example" }],
        ["/report/hasselt.data", { Origin: "http://127.0.0.1.evil.example" }],
        ["/contact", { Origin: "https://evil.example" }],
      ] as const) {
        const res = await user.post(path, { form: { name: "x" }, headers, maxRedirects: 0 });
        expect(res.status(), `${path} ${JSON.stringify(headers)}`).toBe(403);
      }
      // Still signed in.
      const profile = await user.get("/profile", { maxRedirects: 0 });
      expect(profile.status()).toBe(200);
      expect(await profile.text()).toContain(DEMO.user.email);
      // The same request from the site itself signs out.
      const out = await user.post("/logout", { headers: { Origin: origin }, maxRedirects: 0 });
      expect(out.status()).toBe(302);
      expect((await user.get("/profile", { maxRedirects: 0 })).status()).toBe(302);
    } finally {
      await user.dispose();
    }
  });

  test("methods the site does not use are refused with 405", async ({ baseURL }) => {
    const url = new URL(baseURL as string);
    for (const method of ["TRACE", "PUT", "DELETE", "PATCH", "PROPFIND"]) {
      // fetch refuses to send TRACE: a plain HTTP request.
      const res = await new Promise<{ status?: number; allow?: string }>((resolve, reject) => {
        const req = http.request({ host: url.hostname, port: url.port, path: "/", method }, (r) => {
          r.resume();
          resolve({ status: r.statusCode, allow: r.headers.allow });
        });
        req.on("error", reject);
        req.end();
      });
      expect(res.status, method).toBe(405);
      expect(res.allow).toContain("GET");
    }
  });

  test("signed-in answers are private and never stored; pages say what they vary on", async ({
    playwright,
    baseURL,
  }) => {
    const origin = new URL(baseURL as string).origin;
    const guest = await fetch(`${baseURL}/hasselt`);
    expect(guest.headers.get("vary")).toMatch(/Cookie/);
    expect(guest.headers.get("vary")).toMatch(/Accept-Language/);
    const user = await playwright.request.newContext({ baseURL });
    try {
      await user.post("/login", {
        form: { email: DEMO.user.email, password: DEMO.user.password },
        headers: { Origin: origin },
      });
      for (const path of ["/hasselt", "/profile", "/hasselt.data", "/promotions/hasselt"]) {
        const res = await user.get(path);
        expect(res.headers()["cache-control"], path).toBe("private, no-store");
      }
    } finally {
      await user.dispose();
    }
  });

  test("sign-in never leaves the site through redirectTo", async ({ request, baseURL }) => {
    for (const target of [
      "//evil.example/x",
      "https://evil.example",
      "/\\evil.example",
      "/.//evil.example/x",
      "/./\\evil.example",
      "/a/..//evil.example",
      "/%2e//evil.example",
      "/%2F%2Fevil.example",
      "/%5Cevil.example",
      "/\t/evil.example",
      "/\r\n//evil.example",
    ]) {
      const res = await request.post("/login", {
        form: { email: DEMO.user.email, password: DEMO.user.password, redirectTo: target },
        headers: { Origin: new URL(baseURL as string).origin },
        maxRedirects: 0,
      });
      const location = res.headers().location ?? "";
      expect(res.status()).toBe(302);
      expect(location.startsWith("/") && !location.startsWith("//"), `${target} -> ${location}`).toBe(true);
      expect(new URL(location, baseURL).host, `${target} -> ${location}`).toBe(new URL(baseURL as string).host);
    }
  });

  test("the same answer for an unknown account and a wrong password", async ({ request, baseURL }) => {
    const post = (email: string) =>
      request.post("/login", {
        form: { email, password: "Wrong-Password-1" },
        headers: { Origin: new URL(baseURL as string).origin },
      });
    const known = await post(DEMO.user.email);
    const unknown = await post("nobody-here@example.test");
    expect(known.status()).toBe(unknown.status());
    expect(await known.text()).toContain("Invalid email or password");
    expect(await unknown.text()).toContain("Invalid email or password");
  });
});

test.describe("bad input", () => {
  test("an oversized body is refused with 413 and a body without length with 411", async ({ baseURL }) => {
    const big = "x".repeat(1024 * 1024 + 10);
    const res = await fetch(`${baseURL}/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: new URL(baseURL as string).origin },
      body: `message=${big}`,
    });
    expect(res.status).toBe(413);
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode("email=a"));
        c.close();
      },
    });
    const chunked = await fetch(`${baseURL}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: new URL(baseURL as string).origin },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(411);
  });

  test("a malformed form is a 400 without a stack trace", async ({ request, baseURL }) => {
    const res = await request.post("/login", {
      headers: {
        "Content-Type": "multipart/form-data; boundary=nope",
        Origin: new URL(baseURL as string).origin,
      },
      data: "--broken\r\nContent-Disposition: garbage\r\n\r\n",
    });
    expect(res.status()).toBeGreaterThanOrEqual(400);
    expect(res.status()).toBeLessThan(500);
    const body = await res.text();
    expect(body).not.toMatch(/at [\w.]+ \(|node_modules|\/work\/|SELECT |Failed query/i);
  });
});

test.describe("text from users renders as text", () => {
  test("markup in a promotion stays text in the page, the title and the meta tags", async ({ page, baseURL }) => {
    const origin = new URL(baseURL as string).origin;
    const marker = `xss${Date.now()}`;
    const payload = `${marker} <img src=x onerror="window.__xss=1"></title><script>window.__xss=2</script>`;
    const login = await page.request.post("/login", {
      form: { email: DEMO.merchant.email, password: DEMO.merchant.password },
      headers: { Origin: origin },
    });
    expect(login.ok()).toBe(true);
    const created = await page.request.post("/merchant/promotions", {
      form: {
        intent: "create",
        title: payload,
        description: payload,
        valid_until: "2031-01-31",
        pricing_mode: "price",
        price: "€5",
        terms_and_conditions: payload,
      },
      headers: { Origin: origin },
    });
    expect(created.status()).toBe(200);
    const list = await page.request.get(`/promotions/hasselt?q=${marker}`);
    const href = /\/promotions\/hasselt\/[0-9a-f-]{36}/.exec(await list.text())?.[0];
    expect(href, "the new promotion is listed").toBeTruthy();

    const html = await (await page.request.get(href as string)).text();
    expect(html).not.toContain('<img src=x onerror="window.__xss=1">');
    expect(html).not.toContain("<script>window.__xss=2</script>");
    expect(html).toContain("&lt;img src=x");
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).not.toMatch(/<title>[^<]*<img/);

    await page.goto(href as string);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(marker);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("<img src=x");
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.title()).toContain(marker);
  });
});

test.describe("slow and junk requests", () => {
  test("a junk POST trickling its body does not switch the caches off", async ({ baseURL }) => {
    const url = new URL(baseURL as string);
    const socket = await new Promise<import("node:net").Socket>((resolve) => {
      const s = net.connect(Number(url.port), url.hostname, () => resolve(s));
    });
    try {
      socket.write(
        `POST /contact HTTP/1.1\r\nHost: ${url.host}\r\nOrigin: ${url.origin}\r\n` +
          "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 5000\r\n\r\nname=",
      );
      const drip = setInterval(() => socket.write("x"), 200);
      // While it trickles, a guest page is still stored and served from the cache (other tests' real writes
      // empty it now and then, hence the poll).
      await expect
        .poll(async () => (await fetch(`${baseURL}/about-us?lng=en`)).headers.get("x-cache"), { timeout: 15_000 })
        .toBe("HIT");
      clearInterval(drip);
    } finally {
      socket.destroy();
    }
  });

  test("a client that never finishes its headers is cut off", async ({ baseURL }) => {
    const url = new URL(baseURL as string);
    const started = Date.now();
    const closed = await new Promise<number>((resolve) => {
      const s = net.connect(Number(url.port), url.hostname, () => s.write("GET / HTTP/1.1\r\nHost: x\r\nX-Slow: "));
      const drip = setInterval(() => s.write("a"), 500);
      s.on("data", () => {});
      s.on("close", () => {
        clearInterval(drip);
        resolve(Date.now() - started);
      });
      setTimeout(() => s.destroy(), 40_000);
    });
    expect(closed).toBeLessThan(20_000);
  });
});

test.describe("anonymous page cache", () => {
  test("a signed-in page is never served to a guest", async ({ playwright, baseURL }) => {
    const origin = new URL(baseURL as string).origin;
    const user = await playwright.request.newContext({ baseURL });
    const guest = await playwright.request.newContext({ baseURL });
    try {
      // Other tests write in parallel (each write empties the cache), so the guest page is asked for until it
      // is served from the cache: a broken cache would then hand it to the user below.
      await expect.poll(async () => (await guest.get("/hasselt?lng=en")).headers()["x-cache"]).toBe("HIT");
      const login = await user.post("/login", {
        form: { email: DEMO.user.email, password: DEMO.user.password },
        headers: { Origin: origin },
      });
      expect(login.ok()).toBe(true);
      for (let i = 0; i < 2; i++) {
        const mine = await user.get("/hasselt?lng=en");
        expect(mine.headers()["x-cache"]).toBeUndefined();
        expect(await mine.text()).toContain(DEMO.user.email);
      }
      const theirs = await guest.get("/hasselt?lng=en");
      expect(await theirs.text()).not.toContain(DEMO.user.email);
      expect(await theirs.text()).toContain("Log in");
    } finally {
      await user.dispose();
      await guest.dispose();
    }
  });

  test("the shared data caches carry nothing of one signed-in user to another", async ({ playwright, baseURL }) => {
    const origin = new URL(baseURL as string).origin;
    const resident = await playwright.request.newContext({ baseURL });
    const admin = await playwright.request.newContext({ baseURL });
    const guest = await playwright.request.newContext({ baseURL });
    try {
      for (const [ctx, who] of [
        [resident, DEMO.user],
        [admin, DEMO.admin],
      ] as const) {
        const login = await ctx.post("/login", {
          form: { email: who.email, password: who.password },
          headers: { Origin: origin },
        });
        expect(login.ok()).toBe(true);
      }
      // The municipality home and the promotions list are built from data shared by every reader (guests and
      // signed-in users alike); each answer must carry its own reader only, documents and `.data` alike.
      for (const path of ["/hasselt", "/promotions/hasselt", "/hasselt.data", "/promotions/hasselt.data"]) {
        for (let i = 0; i < 2; i++) {
          const mine = await (await resident.get(`${path}?lng=en`)).text();
          const theirs = await (await admin.get(`${path}?lng=en`)).text();
          const nobody = await (await guest.get(`${path}?lng=en`)).text();
          // (A `.data` answer may leave out the layout's data: there only the absence is checked.)
          if (!path.endsWith(".data")) expect(mine, path).toContain(DEMO.user.email);
          expect(mine, path).not.toContain(DEMO.admin.email);
          if (!path.endsWith(".data")) expect(theirs, path).toContain(DEMO.admin.email);
          expect(theirs, path).not.toContain(DEMO.user.email);
          expect(nobody, path).not.toContain(DEMO.user.email);
          expect(nobody, path).not.toContain(DEMO.admin.email);
        }
      }
      // The urgent reports (signed-in readers only) never reach a guest through the shared home data.
      const guestHome = await (await guest.get("/hasselt.data?lng=en")).text();
      const residentHome = await (await resident.get("/hasselt.data?lng=en")).text();
      expect(residentHome).toContain("reporterName");
      expect(guestHome).not.toContain("reporterName");
    } finally {
      await resident.dispose();
      await admin.dispose();
      await guest.dispose();
    }
  });

  test("a write is visible to guests at once", async ({ playwright, baseURL }) => {
    const origin = new URL(baseURL as string).origin;
    const merchant = await playwright.request.newContext({ baseURL });
    const guest = await playwright.request.newContext({ baseURL });
    try {
      const marker = `cachecheck${Date.now()}`;
      const search = `/promotions/hasselt?q=${marker}&lng=en`;
      expect(await (await guest.get(search)).text()).not.toContain(`${marker} offer`);
      await expect.poll(async () => (await guest.get(search)).headers()["x-cache"]).toBe("HIT");
      await merchant.post("/login", {
        form: { email: DEMO.merchant.email, password: DEMO.merchant.password },
        headers: { Origin: origin },
      });
      const created = await merchant.post("/merchant/promotions", {
        form: {
          intent: "create",
          title: `${marker} offer`,
          description: "Fresh bread",
          valid_until: "2031-01-31",
          pricing_mode: "price",
          price: "€5",
          terms_and_conditions: "While stocks last.",
        },
        headers: { Origin: origin },
      });
      expect(created.status()).toBe(200);
      const after = await guest.get(search);
      expect(after.headers()["x-cache"]).toBe("MISS");
      expect(await after.text()).toContain(`${marker} offer`);
    } finally {
      await merchant.dispose();
      await guest.dispose();
    }
  });
});
