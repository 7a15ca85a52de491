// `npm run screenshots`: the README's pictures, taken from the demo in Chromium and written to docs/images/.
// Starts the production build on a fresh embedded database (the demo seeds itself), so the pictures always show
// the code that is checked out.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { ROOT, ensureBuild, startServer } from "./bench/lib.js";

const OUT = path.join(ROOT, "docs/images");
const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const DEMO_MERCHANT = { email: "merchant@demo.buurtplatform.be", password: "Demo-Merchant-2026!" };

const shots = [
  { file: "landing.png", path: "/", viewport: { width: 1280, height: 800 } },
  { file: "municipality-phone.png", path: "/hasselt", viewport: { width: 390, height: 844 } },
  {
    file: "merchant-panel.png",
    path: "/merchant/dashboard",
    viewport: { width: 1280, height: 800 },
    as: DEMO_MERCHANT,
  },
];

ensureBuild();
fs.mkdirSync(OUT, { recursive: true });
const data = fs.mkdtempSync(path.join(os.tmpdir(), "buurtplatform-shots-"));
const server = await startServer({ PGLITE_DIR: data, SEED_DEMO: "true", LOG_LEVEL: "warn" });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
try {
  for (const shot of shots) {
    const context = await browser.newContext({ viewport: shot.viewport, locale: "en-GB" });
    // The cookie notice would cover part of every picture.
    await context.addInitScript(() => localStorage.setItem("cookiesAccepted", "true"));
    const page = await context.newPage();
    if (shot.as) {
      await page.goto(`${server.origin}/login`);
      await page.getByLabel(/email/i).fill(shot.as.email);
      await page.getByLabel(/password/i).fill(shot.as.password);
      await Promise.all([page.waitForURL((u) => !u.pathname.startsWith("/login")), page.keyboard.press("Enter")]);
    }
    await page.goto(`${server.origin}${shot.path}`, { waitUntil: "networkidle" });
    await page.screenshot({ path: path.join(OUT, shot.file) });
    console.log(`docs/images/${shot.file}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(data, { recursive: true, force: true });
}
