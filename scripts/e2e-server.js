// Starts the built server for the browser tests on an empty embedded database (seeded with the demo at start).
import fs from "node:fs";
import path from "node:path";

const dir = process.env.PGLITE_DIR;
if (!dir) throw new Error("PGLITE_DIR is required");
fs.rmSync(dir, { recursive: true, force: true });
fs.rmSync(`${dir}.lock`, { force: true }); // the lock of older versions, beside the directory
await import(path.resolve(import.meta.dirname, "../server.js"));
