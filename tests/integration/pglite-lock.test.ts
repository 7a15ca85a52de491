import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DatabaseLockedError, openDatabase } from "~/lib/db/db.server";
import { LOCK_NAME, lockFileFor } from "~/lib/db/pglite-lock.server";

const dirs: string[] = [];
const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill("SIGKILL");
  for (const d of dirs.splice(0)) fs.rmSync(path.dirname(d), { recursive: true, force: true });
});

function tempDir() {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pglite-lock-")), "data");
  dirs.push(dir);
  return dir;
}

async function deadPid() {
  const dead = spawn(process.execPath, ["-e", "0"]);
  await new Promise((r) => dead.on("exit", r));
  return dead.pid as number;
}

const onPglite = it.skipIf(process.env.TEST_DB === "postgres");

describe("embedded database lock", () => {
  onPglite("lives inside the data directory, which git ignores; no lock file is committed", () => {
    const dir = tempDir();
    expect(lockFileFor(dir)).toBe(path.join(dir, LOCK_NAME));
    const root = path.resolve(import.meta.dirname, "../..");
    const ignore = fs.readFileSync(path.join(root, ".gitignore"), "utf8");
    expect(ignore).toMatch(/^data\/$/m);
    expect(fs.existsSync(path.join(root, "data.lock")) && !ignore.includes("data.lock")).toBe(false);
  });

  onPglite("refuses a directory held by another live process", async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    children.push(other);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(lockFileFor(dir), String(other.pid));
    const err = await openDatabase({ kind: "pglite", dir }).catch((e) => e);
    expect(err).toBeInstanceOf(DatabaseLockedError);
    expect(err.message).toMatch(/already in use by another process/);
    expect(err.message).toContain(String(other.pid));
  });

  onPglite("takes over a lock left by a dead process and releases it on close", async () => {
    const dir = tempDir();
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(lockFileFor(dir), String(await deadPid()));
    const handle = await openDatabase({ kind: "pglite", dir });
    expect(fs.readFileSync(lockFileFor(dir), "utf8")).toBe(String(process.pid));
    await handle.close();
    expect(fs.existsSync(lockFileFor(dir))).toBe(false);
  });

  onPglite(
    "two processes clearing the same stale lock at once: exactly one wins",
    async () => {
      // The children run the real module, compiled to JavaScript (Node 20 does not run TypeScript).
      const ts = (await import("typescript")).default;
      const source = fs.readFileSync(new URL("../../app/lib/db/pglite-lock.server.ts", import.meta.url), "utf8");
      const compiled = ts.transpileModule(source, {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      }).outputText;
      const jsFile = path.join(path.dirname(tempDir()), "pglite-lock.mjs");
      fs.writeFileSync(jsFile, compiled);
      const moduleUrl = new URL(`file://${jsFile}`).href;
      for (let round = 0; round < 5; round++) {
        const dir = tempDir();
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(lockFileFor(dir), String(await deadPid()));
        // Each contender waits for the same moment, then tries to take the lock and holds it for a while.
        const start = Date.now() + 400;
        const script = `
        const { acquireLock } = await import(${JSON.stringify(moduleUrl)});
        while (Date.now() < ${start}) {}
        try { acquireLock(${JSON.stringify(dir)}); console.log("won"); setTimeout(() => {}, 1500); }
        catch (e) { console.log("lost " + e.constructor.name); }`;
        const run = () =>
          new Promise<string>((resolve) => {
            const child = spawn(process.execPath, ["--input-type=module", "-e", script]);
            children.push(child);
            let out = "";
            child.stdout.on("data", (d) => {
              out += d;
            });
            child.on("exit", () => resolve(out.trim()));
          });
        const results = await Promise.all([run(), run(), run()]);
        expect(
          results.filter((r) => r === "won"),
          results.join(", "),
        ).toHaveLength(1);
        expect(results.filter((r) => r === "lost DatabaseLockedError")).toHaveLength(2);
      }
    },
    30_000,
  );
});
