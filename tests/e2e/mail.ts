/**
 * The mail the e2e server's SMTP sink received (scripts/e2e-server.js writes each message to a file beside the
 * test database). Decoding helpers come from tests/support/smtp-sink.ts.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";
import { decodedHeaderOf, headerOf, partOf } from "../support/smtp-sink";

const PORT = Number(process.env.E2E_PORT ?? 4173);
export const MAIL_DIR = `${path.join(os.tmpdir(), `buurtplatform-e2e-${PORT}`)}-mail`;

export type SunkMail = { to: string; raw: string; subject: string; text: string; html: string };

export function allMail(): SunkMail[] {
  if (!fs.existsSync(MAIL_DIR)) return [];
  return fs
    .readdirSync(MAIL_DIR)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) => {
      const raw = fs.readFileSync(path.join(MAIL_DIR, f), "utf8");
      return {
        to: headerOf(raw, "X-Envelope-To") ?? "",
        raw,
        subject: decodedHeaderOf(raw, "Subject") ?? "",
        text: partOf(raw, "text/plain") ?? "",
        html: partOf(raw, "text/html") ?? "",
      };
    });
}

/** Waits (up to 30 s: the worker polls every 200 ms in the e2e server) for a mail to `to` matching `match`. */
export async function waitForMail(to: string, match: (m: SunkMail) => boolean = () => true): Promise<SunkMail> {
  let found: SunkMail | undefined;
  await expect
    .poll(
      () => {
        found = allMail().find((m) => m.to.split(",").includes(to) && match(m));
        return !!found;
      },
      { timeout: 30_000, message: `a mail to ${to}` },
    )
    .toBe(true);
  return found as SunkMail;
}

export { headerOf };
