/**
 * One JSON line per event on stdout (info, debug) or stderr (warn, error).
 *
 * Nothing secret reaches a log line: a failed query's parameters (a password hash, a reset token, an email)
 * are cut from error messages and stacks, values PostgreSQL quotes back in its messages are masked, and
 * fields whose name says they are secret are replaced. `tests/integration/log-redaction.test.ts` fails when a
 * known secret reaches a logged line.
 */
type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

function threshold(): number {
  const lvl = (process.env.LOG_LEVEL ?? "info") as Level | "silent";
  return order[lvl] ?? order.info;
}

/** Field names whose values are never logged. */
const SECRET_KEY = /pass(word)?|secret|token|hash|cookie|authorization|api[-_]?key|signature|smtp_url|database_url/i;

/**
 * Drizzle's "Failed query: <sql>\nparams: <values>" keeps the SQL and drops the values; PostgreSQL's
 * `invalid input syntax for type uuid: "<value>"` and the like keep the message and mask the value.
 */
function scrubText(text: string): string {
  return text
    .replace(/\nparams:[\s\S]*?(?=\n {4}at |$)/g, "\nparams: [redacted]")
    .replace(/(invalid input[^:\n]*|value too long[^:\n]*|for type [\w ]+): "(?:[^"\\]|\\.)*"/gi, '$1: "[redacted]"');
}

function describeError(err: Error, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = { name: err.name, message: scrubText(err.message) };
  const code = (err as { code?: unknown }).code;
  if (typeof code === "string") out.code = code;
  // PostgreSQL's `detail` ("Key (email)=(...) already exists") carries values: never logged.
  if (err.cause instanceof Error && depth < 3) {
    const cause = describeError(err.cause, depth + 1);
    out.cause = cause.message;
    if (cause.code) out.causeCode = cause.code;
  }
  return out;
}

/** The JSON replacer every log line goes through. */
function redact(key: string, value: unknown): unknown {
  if (key && SECRET_KEY.test(key) && value !== null && value !== undefined && typeof value !== "boolean") {
    return "[redacted]";
  }
  if (value instanceof Error) return describeError(value);
  if (typeof value === "string" && value.includes("params:")) return scrubText(value);
  return value;
}

/** The line as it is written (exported for the HTTP server's own lines and for tests). */
function formatLine(level: Level, msg: string, fields: Record<string, unknown>): string {
  return JSON.stringify({ time: new Date().toISOString(), level, msg: scrubText(msg), ...fields }, redact);
}

export function log(level: Level, msg: string, fields: Record<string, unknown> = {}) {
  if (order[level] < threshold()) return;
  const line = formatLine(level, msg, fields);
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
}

/** Security events (sign-in, failures, sign-out, denied access) go through here. */
export function securityEvent(event: string, fields: Record<string, unknown> = {}) {
  log(event.endsWith("denied") || event.includes("fail") ? "warn" : "info", event, { security: true, ...fields });
}
