// Lists the route modules under app/routes longer than --max lines (250 by default), longest first, and exits
// with 1 when there is one: a route file stays a thin loader, action and page; its sub-components go to
// app/components/<area>/ and its data shaping to the entity's module (app/modules/<entity>/).
//
//   node scripts/lib/route-size.js [--max=250] [folders or files...]
import fs from "node:fs";
import path from "node:path";
import { ROOT, parseArgs } from "./cli.js";

const DEFAULT_FOLDERS = ["app/routes"];
const SOURCE = /\.(ts|tsx|js|jsx)$/;

/** Every route source file under `dir` (or `dir` itself when it is a file); generated types left out. */
function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  if (!fs.statSync(dir).isDirectory()) return SOURCE.test(dir) ? [dir] : [];
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".") || entry.name.startsWith("+")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(full);
  }
  return out;
}

/** The number of lines of `text`, as `wc -l` counts them for a file that ends with a newline. */
function lineCount(text) {
  if (text === "") return 0;
  const lines = text.split("\n").length;
  return text.endsWith("\n") ? lines - 1 : lines;
}

/** The route files under `roots` (folders or files) longer than `max` lines, as { file, lines }, longest first. */
export function longRouteFiles(roots, max, base = ROOT) {
  const found = [];
  for (const file of roots.flatMap(sourceFiles)) {
    const lines = lineCount(fs.readFileSync(file, "utf8"));
    if (lines > max) found.push({ file: path.relative(base, file), lines });
  }
  return found.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
}

function main() {
  const args = parseArgs({ max: "250" });
  const max = Number(args.max);
  if (!Number.isInteger(max) || max < 1) {
    console.error("--max must be a whole number of lines, e.g. --max=250");
    process.exit(2);
  }
  const targets = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  const roots = (targets.length ? targets : DEFAULT_FOLDERS).map((t) => path.resolve(ROOT, t));
  const found = longRouteFiles(roots, max);
  for (const f of found) console.log(`${f.file}  ${f.lines} lines`);
  if (found.length) {
    console.log(
      `\n${found.length} route file(s) longer than ${max} lines: move sub-components to app/components/<area>/ and ` +
        "loader or action helpers to the entity's module.",
    );
    process.exit(1);
  }
  console.log(`No route file longer than ${max} lines.`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
