/**
 * Each integration test file gets its own freshly migrated database: an in-memory PGlite by default (a copy of
 * the template migrated once per run), or
 * a new PostgreSQL database (created and dropped here) when TEST_DB=postgres.
 */
import crypto from "node:crypto";
import pg from "pg";
import fs from "node:fs";
import { afterAll, beforeAll, inject } from "vitest";
import { closeDatabase, initDatabase } from "~/lib/db/db.server";

process.env.LOG_LEVEL ??= "silent";
process.env.BETTER_AUTH_SECRET ??= "test-secret-test-secret-test-secret-0123";

const usePostgres = process.env.TEST_DB === "postgres";
const baseUrl = process.env.DATABASE_URL_TEST ?? "postgres://postgres@127.0.0.1:5432/test";
let dbName: string | undefined;

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

beforeAll(async () => {
  if (usePostgres) {
    dbName = `it_${crypto.randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    await initDatabase({ kind: "postgres", url: withDatabase(baseUrl, dbName), max: 5 });
  } else {
    // A copy of the database migrated once for the whole run (tests/setup/pglite-template.ts).
    const template = inject("pgliteTemplate");
    await initDatabase({ kind: "pglite", template: template ? new Blob([fs.readFileSync(template)]) : undefined });
  }
});

afterAll(async () => {
  await closeDatabase();
  if (usePostgres && dbName) {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
});
