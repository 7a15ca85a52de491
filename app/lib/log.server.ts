/** One JSON line per event on stdout. */
type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

function threshold(): number {
  const lvl = (process.env.LOG_LEVEL ?? "info") as Level | "silent";
  return order[lvl] ?? order.info;
}

export function log(level: Level, msg: string, fields: Record<string, unknown> = {}) {
  if (order[level] < threshold()) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }, (_k, v) =>
    v instanceof Error
      ? { name: v.name, message: v.message, ...(v.cause instanceof Error ? { cause: v.cause.message } : {}) }
      : v,
  );
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
}

/** Security events (sign-in, failures, sign-out, denied access) go through here. */
export function securityEvent(event: string, fields: Record<string, unknown> = {}) {
  log(event.endsWith("denied") || event.includes("fail") ? "warn" : "info", event, { security: true, ...fields });
}
