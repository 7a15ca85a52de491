/**
 * Configuration comes only from environment variables, validated once at start with a clear message for
 * each bad one.
 */
import { z } from "zod";

/** The one parser of yes/no settings (the HTTP server reads them through `env()` too). */
const bool = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((v) => v?.trim().toLowerCase() ?? "")
    .refine((v) => ["true", "false", "1", "0", "yes", "no", "on", "off", ""].includes(v), {
      message: "must be true or false (or 1/0, yes/no, on/off)",
    })
    .transform((v) => (v === "" ? fallback : v === "true" || v === "1" || v === "yes" || v === "on"));

const optionalUrl = (protocols: string[], what: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(p)), {
      message: `must be a ${what} URL (${protocols.join(" or ")}…)`,
    });

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** This machine only by default: serving other machines is a choice (HOST=0.0.0.0). */
  HOST: z.string().trim().min(1).default("127.0.0.1"),
  DATABASE_URL: optionalUrl(["postgres://", "postgresql://"], "PostgreSQL"),
  PGLITE_DIR: z.string().default("./data"),
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  PUBLIC_URL: optionalUrl(["http://", "https://"], "http(s)"),
  TRUSTED_ORIGINS: z.string().optional(),
  ADMIN_EMAIL: z.string().email("must be an email address").optional(),
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
  SMTP_URL: optionalUrl(["smtp://", "smtps://"], "SMTP"),
  MAIL_FROM: z.string().default("Buurtplatform <no-reply@buurtplatform.local>"),
  CONTACT_EMAIL: z.string().email("must be an email address").default("contact@buurtplatform.local"),
  SEED_DEMO: bool(true),
  TRUST_PROXY: bool(false),
  /**
   * With TRUST_PROXY: the addresses (or subnets, or loopback) the proxy connects from. X-Forwarded-For is then
   * believed only on connections from them; a client that reaches an app server directly cannot forge it.
   * Unset: the one hop in front is believed, whoever it is.
   */
  TRUST_PROXY_FROM: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.split(",").map((a) => a.trim()) : undefined))
    .refine(
      (v) => v === undefined || v.every((a) => /^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?)$/.test(a)),
      { message: "must be a comma-separated list of addresses or subnets (10.0.0.5, 10.0.0.0/24, loopback)" },
    ),
  HSTS: bool(false),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  CACHE_TTL: z.coerce.number().min(0, "must be 0 or more seconds").default(5),
  /** Background work (app/lib/jobs/jobs.server.ts, app/lib/mail/mail.server.ts). */
  JOBS_WORKER: bool(true),
  /** Views and clicks are counted in memory and written in one batch this often. */
  METRICS_FLUSH_MS: z.coerce.number().int().min(100, "must be at least 100 ms").max(60_000).default(5000),
  JOBS_POLL_MS: z.coerce.number().int().min(50, "must be at least 50 ms").default(1000),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
  JOBS_LEASE_SECONDS: z.coerce.number().int().min(1).default(600),
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(5),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(6),
  MAIL_RETRY_SECONDS: z.coerce.number().min(0).default(30),
  MAIL_CLAIM_SECONDS: z.coerce.number().int().min(1).default(120),
  /**
   * Privacy: audit entries and expired sessions holding an IP address or an email address are
   * reduced or deleted after this many days by the daily retention job.
   */
  RETENTION_DAYS: z.coerce.number().int().min(1, "must be at least 1 day").max(3650).default(180),
  /** How long a prepared data export can be downloaded. */
  EXPORT_TTL_DAYS: z.coerce.number().int().min(1).max(30).default(7),
  /** Uploaded images: in the database ("db", the default) or in MEDIA_DIR ("dir"). */
  MEDIA_STORAGE: z.enum(["db", "dir"]).default("db"),
  MEDIA_DIR: z.string().default("./data-media"),
  /**
   * Web Push: the push services a browser's subscription may point at (origins, `*.` for any subdomain). Nothing
   * else is ever fetched: a subscription naming another address is refused.
   */
  PUSH_SERVICES: z
    .string()
    .default(
      "https://fcm.googleapis.com,https://updates.push.services.mozilla.com,https://web.push.apple.com,https://*.notify.windows.com",
    )
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  /** A push service that does not answer within this time is tried again later; the queue moves on. */
  PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * Operations (docs/operations.md): /metrics answers a request from this machine that no
   * proxy forwarded, or one carrying `Authorization: Bearer <METRICS_TOKEN>`.
   */
  METRICS_TOKEN: z.string().trim().min(16, "must be at least 16 characters").optional(),
  /** On SIGTERM, /readyz answers 503 this long before the server stops accepting connections. */
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** The daily backup job: where it writes and how many backups it keeps (BACKUP_DAILY=true turns it on). */
  BACKUP_DAILY: bool(false),
  BACKUP_DIR: z.string().default("./backups"),
  BACKUP_KEEP: z.coerce.number().int().min(1, "must be at least 1").max(365).default(7),
});

type Env = z.infer<typeof schema>;

let cached: Env | undefined;

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  if (result.data.NODE_ENV === "production" && result.data.DATABASE_URL && !result.data.BETTER_AUTH_SECRET) {
    throw new Error("Invalid configuration:\n  BETTER_AUTH_SECRET: is required in production with DATABASE_URL");
  }
  return result.data;
}

export function env(): Env {
  cached ??= parseEnv();
  return cached;
}

/** For tests that change the environment between cases. */
export function resetEnvCache() {
  cached = undefined;
}
