// `npm start`: build when the build is missing or older than the sources, then serve in production mode.
import path from "node:path";
import { ROOT, ensureBuild } from "./lib/cli.js";

try {
  ensureBuild(process.argv.includes("--build"));
} catch {
  process.exit(1);
}
process.env.NODE_ENV = "production";
await import(path.join(ROOT, "server.js"));
