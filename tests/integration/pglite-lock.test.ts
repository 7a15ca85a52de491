import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DatabaseLockedError, openDatabase } from "~/lib/db.server";

const dirs: string[] = [];
const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill("SIGKILL");
  for (const d of dirs.splice(0)) {
    fs.rmSync(d, { recursive: true, force: true });
    fs.rmSync(`${d}.lock`, { force: true });
  }
});

function tempDir() {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pglite-lock-")), "data");
  dirs.push(dir);
  return dir;
}

describe("embedded database lock", () => {
  it.skipIf(process.env.TEST_DB === "postgres")("refuses a directory held by another live process", async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    children.push(other);
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    fs.writeFileSync(`${dir}.lock`, String(other.pid));
    const err = await openDatabase({ kind: "pglite", dir }).catch((e) => e);
    expect(err).toBeInstanceOf(DatabaseLockedError);
    expect(err.message).toMatch(/already in use by another process/);
    expect(err.message).toContain(String(other.pid));
  });

  it.skipIf(process.env.TEST_DB === "postgres")(
    "takes over a lock left by a dead process and releases it on close",
    async () => {
      const dir = tempDir();
      const dead = spawn(process.execPath, ["-e", "0"]);
      await new Promise((r) => dead.on("exit", r));
      fs.mkdirSync(path.dirname(dir), { recursive: true });
      fs.writeFileSync(`${dir}.lock`, String(dead.pid));
      const handle = await openDatabase({ kind: "pglite", dir });
      expect(fs.readFileSync(`${dir}.lock`, "utf8")).toBe(String(process.pid));
      await handle.close();
      expect(fs.existsSync(`${dir}.lock`)).toBe(false);
    },
  );
});
