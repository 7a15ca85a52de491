// The enumerations of db/schema/enums.ts, read from that file so the generator follows the schema
// without a TypeScript runtime.
import fs from "node:fs";
import path from "node:path";

const source = fs.readFileSync(path.resolve(import.meta.dirname, "../../db/schema/enums.ts"), "utf8");

function list(name) {
  const m = new RegExp(`export const ${name} = \\[([^\\]]*)\\] as const`).exec(source);
  if (!m) throw new Error(`db/schema/enums.ts: ${name} not found`);
  return [...m[1].matchAll(/"([^"]*)"/g)].map((x) => x[1]);
}

export const ROLES = list("ROLES");
export const REPORT_TYPES = list("REPORT_TYPES");
export const REPORT_STATUSES = list("REPORT_STATUSES");
export const PROMOTION_CATEGORIES = list("PROMOTION_CATEGORIES");
export const PUBLIC_PROMOTION_CATEGORIES = list("PUBLIC_PROMOTION_CATEGORIES");
export const EVENT_CATEGORIES = list("EVENT_CATEGORIES");
export const SUBSCRIPTION_TIERS = list("SUBSCRIPTION_TIERS");
export const SUBSCRIPTION_STATUSES = list("SUBSCRIPTION_STATUSES");
