/**
 * Vitest global setup of the integration tests: migrates one in-memory PGlite database and dumps it to a
 * file once per run. Each test file then starts its own fresh in-memory database from that dump
 * (tests/setup/integration.ts) instead of running PostgreSQL's initdb in WebAssembly and every migration
 * again, which took most of a small test file's time. The dump holds nothing but the migrated schema.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { closeDatabase, initDatabase } from "~/lib/db/db.server";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === "postgres") return;
  const { PGlite } = await import("@electric-sql/pglite");
  const handle = await initDatabase({ kind: "pglite" });
  // The driver behind drizzle: dumping is PGlite's own API.
  const client = (handle.db as unknown as { $client: InstanceType<typeof PGlite> }).$client;
  const dump = await client.dumpDataDir("none");
  await closeDatabase();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bp-pglite-template-"));
  const file = path.join(dir, "template.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
