import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 4173);
const dataDir = path.join(os.tmpdir(), `buurtplatform-e2e-${PORT}`);

export default defineConfig({
  testDir: "tests/e2e",
  // One output folder per port, so parallel runs do not delete each other's artifacts.
  outputDir: `test-results/e2e-${PORT}`,
  fullyParallel: true,
  forbidOnly: true,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Recording a trace costs every test a sixth of its time; a failing test is retried once on CI, with one.
    trace: "on-first-retry",
    // The service worker answers navigations itself, which page.route() cannot see: only the spec of the
    // installed app (tests/e2e/phone.spec.ts) lets it run.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    command: "node scripts/e2e-server.js",
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      PGLITE_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      LOG_LEVEL: "warn",
      // Many sign-ins come from one address during the suite; the limits themselves are tested separately.
      RATE_LIMIT_AUTH: "500/1m",
      RATE_LIMIT_GENERAL: "5000/1m",
      RATE_LIMIT_REPORT: "500/1m",
      RATE_LIMIT_CONTACT: "500/1m",
      RATE_LIMIT_NEWSLETTER: "500/1m",
      RATE_LIMIT_API: "5000/1m",
      // Views and clicks (issue #17) are written every second rather than every five.
      METRICS_FLUSH_MS: "1000",
      RATE_LIMIT_UPLOAD: "500/1m",
      RATE_LIMIT_VOUCHER: "500/1m",
      // Every browser test comes from 127.0.0.1, and two workers may hold several homes (live streams) open.
      LIVE_STREAMS_PER_CLIENT: "50",
      DATABASE_URL: "",
    },
  },
});
