/**
 * Outside testers' probes, repeated from outside against servers configured the way each probe needs (a tight
 * sign-in limit, a trusted proxy, HSTS, a server reachable from other machines, a page that re-points its name
 * at this machine). Each one failed for the defender before the fix.
 */
import { MULTIPART_TYPE, multipart } from "../support/images";
import { expect, test } from "./fixtures";
import { DEMO } from "./helpers";
import {
  type Extra,
  copyDir,
  privateDemoDir,
  publishedDemoDir,
  rawGet,
  rawRequest,
  startExtra,
  startRefused,
} from "./spawn";

const PRIVATE_PASSWORD = "E2E-Private-Only-Secret-77";

test.describe.configure({ mode: "serial" });

let privateDir = "";
let publishedDir = "";
test.beforeAll(async () => {
  test.setTimeout(180_000);
  [privateDir, publishedDir] = await Promise.all([privateDemoDir(PRIVATE_PASSWORD), publishedDemoDir()]);
});

const form = (origin: string, body: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
  body: new URLSearchParams(body).toString(),
  redirect: "manual" as const,
});

test("the sign-in limit holds whatever the spelling of the URL", async () => {
  const server = await startExtra({ RATE_LIMIT_AUTH: "3/15m", SEED_DEMO: "false" });
  try {
    const { origin } = server;
    const attempt = (path: string) =>
      fetch(`${origin}${path}`, form(origin, { email: "someone@example.test", password: "Guess-Number-1" }));
    for (let i = 0; i < 3; i++) expect((await attempt("/login")).status).toBe(401);
    expect((await attempt("/login")).status).toBe(429);
    for (const spelling of [
      "/LOGIN",
      "/login/",
      "/Login",
      "/%6Cogin",
      "/%6c%6f%67%69%6e",
      "/login.data",
      "/login?index",
    ]) {
      const res = await attempt(spelling);
      expect(res.status, spelling).toBe(429);
    }
    // Sign-up and both halves of the password reset share the budget, whatever their spelling.
    for (const path of ["/REGISTER", "/forgot-password/", "/Reset-Password"]) {
      const res = await fetch(`${origin}${path}`, form(origin, { email: "x@example.test" }));
      expect(res.status, path).toBe(429);
    }
  } finally {
    await server.stop();
  }
});

test.describe("demo accounts are never reachable from another machine", () => {
  const unsafe: [string, Record<string, string>][] = [
    ["HOST=0.0.0.0", { HOST: "0.0.0.0" }],
    ["HOST=::", { HOST: "::" }],
    ["a public PUBLIC_URL", { PUBLIC_URL: "https://buurt.example.org" }],
    ["TRUST_PROXY", { TRUST_PROXY: "true" }],
  ];
  for (const [what, env] of unsafe) {
    test(`an empty database is not seeded with the demo under ${what}`, async () => {
      const { code, output } = await startRefused(env);
      expect(code).not.toBe(0);
      expect(output).toContain("Refusing to seed the demo");
      expect(output).not.toContain("(a server answered on its port)");
    });
  }

  test("a database holding the demo with its published passwords is not served to other machines", async () => {
    const envs: Record<string, string>[] = [
      { HOST: "0.0.0.0" },
      { HOST: "0.0.0.0", SEED_DEMO: "false" },
      { TRUST_PROXY: "1" },
    ];
    for (const env of envs) {
      const { code, output } = await startRefused(env, copyDir(publishedDir));
      expect(code, JSON.stringify(env)).not.toBe(0);
      expect(output).toContain("Refusing to start");
      expect(output).toContain(DEMO.admin.email);
      expect(output).not.toContain("(a server answered on its port)");
    }
  });

  test("the same database on this machine only starts and prints the README's logins", async () => {
    const server = await startExtra({ LOG_LEVEL: "info" }, copyDir(publishedDir));
    try {
      const r = await fetch(`${server.origin}/login`, form(server.origin, DEMO.admin));
      expect(r.status).toBe(302);
    } finally {
      await server.stop();
    }
  });

  test("once the published passwords are changed, the server may serve other machines", async () => {
    const server = await startExtra({ HOST: "0.0.0.0" }, copyDir(privateDir));
    try {
      expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
      const old = await fetch(`${server.origin}/login`, form(server.origin, DEMO.user));
      expect(old.status).toBe(401);
      // Without PUBLIC_URL it answers only requests addressed to a loopback name, and says so at start.
      expect(server.output()).toContain("PUBLIC_URL is not set");
      expect((await rawGet(`${server.origin}/`, { Host: `192.0.2.10:${server.port}` })).status).toBe(421);
      expect((await rawGet(`${server.origin}/healthz`, { Host: `192.0.2.10:${server.port}` })).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  test("a weak ADMIN_PASSWORD stops the start with the reason", async () => {
    const { code, output } = await startRefused({
      SEED_DEMO: "false",
      ADMIN_EMAIL: "first-admin@example.test",
      ADMIN_PASSWORD: "welcome123",
    });
    expect(code).not.toBe(0);
    expect(output).toMatch(/ADMIN_PASSWORD: This is a commonly used password/);
  });
});

test.describe("behind a proxy", () => {
  let server: Extra;
  test.beforeAll(async () => {
    server = await startExtra(
      { TRUST_PROXY: "true", HSTS: "true", PUBLIC_URL: "https://buurt.example.org" },
      copyDir(privateDir),
    );
  });
  test.afterAll(async () => server?.stop());

  test("a forged X-Forwarded-Host never reaches a page, nor the page stored for the next visitor", async () => {
    const list = await (await fetch(`${server.origin}/promotions/hasselt`)).text();
    const detail = /\/promotions\/hasselt\/[0-9a-f-]{36}/.exec(list)?.[0] as string;
    expect(detail).toBeTruthy();
    // A foreign Host is not answered at all; the site's own name and a loopback name (a proxy that forwards
    // to the upstream address) are.
    for (const path of [detail, `${detail}.data`]) {
      expect((await rawGet(`${server.origin}${path}`, { Host: "evil.example" })).status, path).toBe(421);
    }
    const own = await rawGet(`${server.origin}${detail}`, { Host: "buurt.example.org" });
    expect(own.status).toBe(200);
    expect(own.body).toMatch(/property="og:image" content="https:\/\/buurt\.example\.org\//);
    const forged = { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "http" };
    for (let i = 0; i < 3; i++) {
      const html = (await rawGet(`${server.origin}${detail}`, forged)).body;
      expect(html).not.toContain("evil.example");
      expect(html).toMatch(/property="og:image" content="https:\/\/buurt\.example\.org\//);
      const data = (await rawGet(`${server.origin}${detail}.data`, forged)).body;
      expect(data).not.toContain("evil.example");
    }
    // The next, ordinary visitor gets the stored page: clean.
    const next = await fetch(`${server.origin}${detail}`);
    expect(next.headers.get("x-cache")).toBe("HIT");
    expect(await next.text()).not.toContain("evil.example");
  });

  test("the session cookie is Secure when HSTS says the site is served over TLS", async () => {
    const res = await fetch(
      `${server.origin}/login`,
      form("https://buurt.example.org", { email: DEMO.user.email, password: PRIVATE_PASSWORD }),
    );
    expect(res.status).toBe(302);
    const cookies = res.headers.getSetCookie();
    const session = cookies.find((c) => /session_token=/.test(c));
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/HttpOnly/i);
    expect(res.headers.get("strict-transport-security")).toContain("max-age=");
  });
});

test("without PUBLIC_URL, the Host header still never reaches a stored page", async () => {
  const server = await startExtra({ LOG_LEVEL: "warn" }, copyDir(privateDir));
  try {
    const list = await (await fetch(`${server.origin}/promotions/hasselt`)).text();
    const detail = /\/promotions\/hasselt\/[0-9a-f-]{36}/.exec(list)?.[0] as string;
    for (let i = 0; i < 2; i++) {
      expect((await rawGet(`${server.origin}${detail}`, { Host: "evil.example" })).status).toBe(421);
      // Another loopback spelling is answered, and the page's absolute URLs still come from PUBLIC_URL's default.
      const res = await rawGet(`${server.origin}${detail}`, { Host: `127.0.0.2:${server.port}` });
      expect(res.status).toBe(200);
      expect(res.body).not.toContain("127.0.0.2");
      expect(res.body).toMatch(/property="og:image" content="http:\/\/localhost:\d+\//);
    }
  } finally {
    await server.stop();
  }
});

test.describe("a page that re-points its own name at this machine (DNS rebinding)", () => {
  let server: Extra;
  test.beforeAll(async () => {
    // The default set-up: no PUBLIC_URL, the demo with its published passwords, this machine only.
    server = await startExtra({ LOG_LEVEL: "info" }, copyDir(publishedDir));
  });
  test.afterAll(async () => server?.stop());

  const rebind = (port: number) => `rebind.attacker.example:${port}`;
  const signIn = (host: string, origin: string) =>
    rawRequest(`${server.origin}/login`, {
      method: "POST",
      headers: { Host: host, Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(DEMO.admin).toString(),
    });

  test("cannot sign in with the published admin password, nor read a page", async () => {
    const host = rebind(server.port);
    const res = await signIn(host, `http://${host}`);
    expect(res.status).toBe(421);
    expect(res.headers["set-cookie"]).toBeUndefined();
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      for (const path of ["/", "/admin/dashboard", "/api/v1/promotions", "/promotions/hasselt.data"]) {
        const answer = await rawRequest(`${server.origin}${path}`, { method, headers: { Host: host } });
        expect(answer.status, `${method} ${path}`).toBe(421);
      }
    }
    // The health probe carries no data: it answers whatever the Host.
    expect((await rawGet(`${server.origin}/healthz`, { Host: host })).status).toBe(200);
    expect(server.output()).toContain("request.host_rejected");
  });

  test("a loopback Host with the attacker's Origin is refused; this machine's own sign-in works", async () => {
    const refused = await signIn(`localhost:${server.port}`, `http://${rebind(server.port)}`);
    expect(refused.status).toBe(403);
    for (const host of [`localhost:${server.port}`, `127.0.0.1:${server.port}`, `[::1]:${server.port}`]) {
      const ok = await signIn(host, `http://${host}`);
      expect(ok.status, host).toBe(302);
      expect(String(ok.headers["set-cookie"])).toMatch(/session_token=/);
    }
  });
});

test("every 429 carries Retry-After: page forms, resource routes, the API, locks and the general ceiling", async () => {
  test.setTimeout(120_000);
  const server = await startExtra(
    {
      RATE_LIMIT_AUTH: "3/15m",
      RATE_LIMIT_CONTACT: "1/1h",
      RATE_LIMIT_NEWSLETTER: "1/1h",
      RATE_LIMIT_REPORT: "1/1h",
      RATE_LIMIT_UPLOAD: "1/1h",
      RATE_LIMIT_API: "2/1m",
      RATE_LIMIT_GENERAL: "400/1m",
      LIVE_STREAMS_PER_CLIENT: "1",
    },
    copyDir(privateDir),
  );
  try {
    const { origin } = server;
    const post = (path: string, body: Record<string, string>, cookie = "") =>
      fetch(`${origin}${path}`, {
        ...form(origin, body),
        headers: { ...form(origin, body).headers, ...(cookie ? { Cookie: cookie } : {}) },
      });
    const limited = async (what: string, answer: Promise<Response>) => {
      const res = await answer;
      expect(res.status, what).toBe(429);
      const wait = Number(res.headers.get("retry-after"));
      expect(wait, `${what}: Retry-After`).toBeGreaterThan(0);
      await res.body?.cancel();
      return wait;
    };
    const signedIn = await post("/login", { email: DEMO.user.email, password: PRIVATE_PASSWORD });
    expect(signedIn.status).toBe(302);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

    // A signed-in resident's wrong current password counts against the account: locked after a few.
    const secret = "An0ther-Long-Secret!Zq";
    const change = {
      name: "Demo User",
      municipalityId: "",
      currentPassword: "Wrong-Guess-1",
      password: secret,
      confirmPassword: secret,
    };
    let locked: Response | undefined;
    for (let i = 0; i < 8 && locked?.status !== 429; i++) locked = await post("/profile", change, cookie);
    await limited("profile: the account lock", Promise.resolve(locked as Response));

    // Sign-in, sign-up and both halves of the password reset share the per-address budget.
    await post("/login", { email: "nobody@example.test", password: "Guess-Number-1" });
    await post("/login", { email: "nobody@example.test", password: "Guess-Number-2" });
    await limited("login", post("/login", { email: "nobody@example.test", password: "Guess-Number-3" }));
    await limited("login.data", post("/login.data", { email: "nobody@example.test", password: "x" }));
    await limited("register", post("/register", { email: "x@example.test" }));
    await limited("forgot-password", post("/forgot-password", { email: "x@example.test" }));
    await limited("reset-password", post("/reset-password", { token: "t" }));

    // The contact form, the newsletter and report filing answer in their form.
    const contact = { name: "Ann", email: "ann@example.test", subject: "Hi", message: "Hello" };
    await post("/contact", contact);
    await limited("contact", post("/contact", contact));
    await limited("contact.data", post("/contact.data", contact));
    await post("/newsletter", { email: "ann@example.test", municipality: "hasselt" });
    await limited("newsletter", post("/newsletter", { email: "ann@example.test", municipality: "hasselt" }));
    const report = { description: "Retry-After probe", type: "informative" };
    await post("/report/hasselt", report, cookie);
    await limited("report", post("/report/hasselt", report, cookie));

    // The image upload (JSON) and the open-data API (JSON).
    const upload = () =>
      fetch(`${origin}/media/upload`, {
        method: "POST",
        headers: { Origin: origin, Cookie: cookie, "Content-Type": MULTIPART_TYPE },
        body: new Uint8Array(multipart([{ field: "purpose", value: "report" }])),
      });
    await (await upload()).body?.cancel();
    await limited("media upload", upload());
    await (await fetch(`${origin}/api/v1/municipalities`)).body?.cancel();
    await (await fetch(`${origin}/api/v1/municipalities`)).body?.cancel();
    await limited("open-data API", fetch(`${origin}/api/v1/municipalities`));

    // The live stream: one per client here.
    const first = new AbortController();
    const stream = await fetch(`${origin}/live/hasselt`, { signal: first.signal });
    expect(stream.status).toBe(200);
    await limited("live stream", fetch(`${origin}/live/hasselt`));
    first.abort();

    // The general ceiling, last: every request above counted.
    let ceiling: Response | undefined;
    for (let i = 0; i < 450 && ceiling?.status !== 429; i++) {
      await ceiling?.body?.cancel();
      ceiling = await fetch(`${origin}/healthz`);
    }
    await limited("general ceiling", Promise.resolve(ceiling as Response));
  } finally {
    await server.stop();
  }
});
