/**
 * The admin system page shows a mail that failed because the SMTP relay was stopped: a newsletter confirmation
 * goes out while the relay runs, the relay is stopped, the next one fails (one attempt allowed here), and the
 * administrator sees it with the relay's error, the outbox's counts and an accessible page.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { expect, gotoWaitsForHydration, test } from "./fixtures";
import { DEMO, expectAccessible, login } from "./helpers";

const PORT = Number(process.env.E2E_PORT ?? 4173) + 10;
const SMTP_PORT = PORT + 1;
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = path.join(os.tmpdir(), `buurtplatform-system-${PORT}`);

function startRelay() {
  const accepted: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        accepted.push(session.envelope.rcptTo.map((r) => r.address).join(","));
        callback();
      });
    },
  });
  return new Promise<{ accepted: string[]; close: () => Promise<void> }>((resolve) =>
    server.listen(SMTP_PORT, "127.0.0.1", () =>
      resolve({ accepted, close: () => new Promise<void>((r) => server.close(() => r())) }),
    ),
  );
}

function startServer(): ChildProcess {
  return spawn(process.execPath, ["server.js"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      PUBLIC_URL: BASE,
      PGLITE_DIR: DATA_DIR,
      DATABASE_URL: "",
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      MAIL_MAX_ATTEMPTS: "1",
      JOBS_POLL_MS: "100",
      LOG_LEVEL: "silent",
      RATE_LIMIT_NEWSLETTER: "100/1m",
    },
    stdio: "ignore",
  });
}

async function subscribe(email: string) {
  const res = await fetch(`${BASE}/newsletter`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, municipality: "hasselt" }),
  });
  expect(res.status).toBeLessThan(400);
}

test("a mail that failed while the SMTP relay was stopped shows on the admin system page", async ({ browser }) => {
  test.setTimeout(180_000);
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  const relay = await startRelay();
  let relayOpen = true;
  const server = startServer();
  try {
    await expect
      .poll(async () => (await fetch(`${BASE}/healthz`).catch(() => null))?.status ?? 0, { timeout: 90_000 })
      .toBe(200);
    const tag = Date.now().toString(36);
    const delivered = `system-ok-${tag}@example.test`;
    await subscribe(delivered);
    await expect.poll(() => relay.accepted.includes(delivered), { timeout: 30_000 }).toBe(true);

    await relay.close();
    relayOpen = false;
    const lost = `system-lost-${tag}@example.test`;
    await subscribe(lost);

    const context = await browser.newContext({ baseURL: BASE });
    const page = gotoWaitsForHydration(await context.newPage());
    await login(page, DEMO.admin);
    const failedMails = page.getByRole("table", { name: "Mails that could not be delivered" });
    await expect
      .poll(
        async () => {
          await page.goto("/admin/system?lng=en");
          return failedMails.getByText(lost).count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    const row = failedMails.getByRole("row").filter({ hasText: lost });
    await expect(row).toContainText("Failed");
    await expect(row).toContainText(/ECONNREFUSED|connect/i);
    await expect(failedMails.getByText(delivered)).toHaveCount(0);
    const outbox = page.getByRole("region", { name: "Mail outbox" });
    await expect(outbox.getByText("Failed").locator("xpath=following-sibling::dd[1]")).not.toHaveText("0");
    await expect(page.getByRole("link", { name: "System" })).toHaveAttribute("aria-current", "page");
    await expectAccessible(page);
    await context.close();
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once("exit", r)));
    if (relayOpen) await relay.close();
    fs.rmSync(DATA_DIR, { recursive: true, force: true });
  }
});
