/**
 * Issue #12's probes, repeated from outside against servers configured the way each probe needs (a tight
 * sign-in limit, a trusted proxy, HSTS, a server reachable from other machines). Each one failed for the
 * defender before the fix.
 */
import { expect, test } from "./fixtures";
import { DEMO } from "./helpers";
import { type Extra, copyDir, privateDemoDir, publishedDemoDir, rawGet, startExtra, startRefused } from "./spawn";

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
    const forged = { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "http", Host: "evil.example" };
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
      const res = await rawGet(`${server.origin}${detail}`, { Host: "evil.example" });
      expect(res.status).toBe(200);
      expect(res.body).not.toContain("evil.example");
      expect(res.body).toMatch(/property="og:image" content="http:\/\/localhost:\d+\//);
    }
  } finally {
    await server.stop();
  }
});
