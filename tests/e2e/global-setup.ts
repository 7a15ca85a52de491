import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Every run starts from an empty embedded database, which the server then seeds with the demo. */
export default function globalSetup() {
  const PORT = Number(process.env.E2E_PORT ?? 4173);
  const dir = path.join(os.tmpdir(), `buurtplatform-e2e-${PORT}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(`${dir}.lock`, { force: true });
}
