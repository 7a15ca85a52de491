/**
 * The outbox never loses nor repeats a message when the process dies between claiming it and the SMTP
 * server's answer: a real server process is killed with SIGKILL while its messages sit in the
 * relay's DATA phase (the relay holds its answer), then started again on the same embedded database.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { expect, test } from "./fixtures";

const PORT = Number(process.env.E2E_PORT ?? 4173) + 100;
const SMTP_PORT = PORT + 20000;
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = path.join(os.tmpdir(), `buurtplatform-mailcrash-${PORT}`);

/** A relay that accepts, or holds every message in DATA without answering ("stall"). */
function startRelay() {
  const state = { mode: "accept" as "accept" | "stall", accepted: [] as string[], stalled: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((r) => r.address).join(",");
      stream.on("data", () => {});
      stream.on("end", () => {
        if (state.mode === "stall") {
          state.stalled++;
          return; // never answers: the sender waits between "sent the message" and "relay accepted it"
        }
        state.accepted.push(to);
        callback();
      });
    },
  });
  return new Promise<{ state: typeof state; close: () => Promise<void> }>((resolve) =>
    server.listen(SMTP_PORT, "127.0.0.1", () =>
      resolve({ state, close: () => new Promise<void>((r) => server.close(() => r())) }),
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
      JOBS_POLL_MS: "100",
      LOG_LEVEL: "error",
      RATE_LIMIT_NEWSLETTER: "100/1m",
    },
    stdio: "ignore",
  });
}

async function waitHealthy() {
  await expect
    .poll(async () => (await fetch(`${BASE}/healthz`).catch(() => null))?.status ?? 0, { timeout: 90_000 })
    .toBe(200);
}

async function subscribe(email: string) {
  const res = await fetch(`${BASE}/newsletter`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, municipality: "hasselt" }),
  });
  expect(res.status).toBeLessThan(400);
}

test("a kill between claim and the relay's answer: every message arrives once after the restart", async () => {
  test.setTimeout(240_000);
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  fs.rmSync(`${DATA_DIR}.lock`, { force: true });
  const relay = await startRelay();
  let server = startServer();
  try {
    await waitHealthy();
    const tag = Date.now().toString(36);
    const before = `crash-before-${tag}@example.test`;
    await subscribe(before);
    await expect.poll(() => relay.state.accepted.filter((t) => t === before).length, { timeout: 30_000 }).toBe(1);

    relay.state.mode = "stall";
    const held = [1, 2, 3].map((n) => `crash-${n}-${tag}@example.test`);
    for (const email of held) await subscribe(email);
    // The server has claimed them and handed them over; the relay has not answered.
    await expect.poll(() => relay.state.stalled, { timeout: 30_000 }).toBe(3);

    server.kill("SIGKILL");
    await new Promise((r) => server.once("exit", r));
    relay.state.mode = "accept";

    server = startServer();
    await waitHealthy();
    for (const email of held) {
      await expect.poll(() => relay.state.accepted.filter((t) => t === email).length, { timeout: 30_000 }).toBe(1);
    }
    // Give a duplicate every chance to show up.
    await new Promise((r) => setTimeout(r, 3_000));
    for (const email of held) expect(relay.state.accepted.filter((t) => t === email)).toHaveLength(1);
    expect(relay.state.accepted.filter((t) => t === before)).toHaveLength(1);
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once("exit", r)));
    await relay.close();
    fs.rmSync(DATA_DIR, { recursive: true, force: true });
  }
});
