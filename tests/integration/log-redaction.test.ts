/**
 * Secrets never reach the logs: a failed query's parameters (a password hash, a reset token) are
 * cut from every logged line, whatever logs it.
 */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { accounts, verifications } from "@db/schema";
import { getDb } from "~/lib/db/db.server";
import { log } from "~/lib/log.server";
import { makeUser } from "../factories";

let lines: string[] = [];
let previousLevel: string | undefined;

beforeEach(() => {
  lines = [];
  previousLevel = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = "debug";
  for (const stream of [process.stdout, process.stderr]) {
    vi.spyOn(stream, "write").mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
  process.env.LOG_LEVEL = previousLevel;
});

const logged = () => lines.join("");

describe("log redaction", () => {
  it("a failed insert of a password hash logs the query, never the hash", async () => {
    const user = await makeUser("user");
    const db = await getDb();
    const hash = `scrypt$${crypto.randomBytes(24).toString("hex")}`;
    // The same id twice: a unique violation whose Drizzle message lists every parameter.
    const id = crypto.randomUUID();
    const row = { id, accountId: user.id, providerId: "credential", userId: user.id, password: hash };
    await db.insert(accounts).values(row);
    const err = await db
      .insert(accounts)
      .values(row)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(String((err as Error).message)).toContain(hash); // the raw error does carry it...
    log("error", "action failed", { err, stack: (err as Error).stack });
    expect(logged()).toContain("action failed");
    expect(logged()).toContain("params: [redacted]");
    expect(logged()).not.toContain(hash); // ...the log line does not
  });

  it("a reset token in a failed query and in a value PostgreSQL quotes back is masked", async () => {
    const db = await getDb();
    const token = `tok_${crypto.randomBytes(20).toString("hex")}`;
    const err = await db
      .insert(verifications)
      .values({
        id: "x",
        identifier: `reset-password:${token}`,
        value: null as unknown as string,
        expiresAt: new Date(),
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    const cast = await db.execute(sql`select ${token}::uuid`).catch((e: unknown) => e);
    expect(cast).toBeInstanceOf(Error);
    log("error", "query failed", { err });
    log("warn", "cast failed", { err: cast });
    expect(lines.length).toBe(2);
    expect(logged()).not.toContain(token);
  });

  it("fields named like secrets are replaced, whatever their value", () => {
    const secret = crypto.randomBytes(16).toString("hex");
    log("info", "login", {
      password: secret,
      newPassword: secret,
      token: secret,
      cookie: `bp.session_token=${secret}`,
    });
    log("info", "headers", { headers: { authorization: `Bearer ${secret}` } });
    expect(logged()).not.toContain(secret);
    expect(logged()).toContain("[redacted]");
  });
});
