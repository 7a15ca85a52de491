/**
 * The admin system page: is the platform's background work getting through? The mail outbox and the job queue by
 * status, and the latest mails and jobs that failed for good, with their last error (the SMTP relay down, a
 * refused address), so an administrator sees a failed mail without reading the server's logs.
 */
import { desc, eq, sql } from "drizzle-orm";
import { jobs, mailOutbox } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { getDb } from "~/lib/db/db.server";
import { ForbiddenError } from "~/lib/http/errors";
import { can } from "./admin.policy";

type Counts = Record<string, number>;
type FailedMail = {
  id: string;
  to: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
};
type FailedJob = {
  id: string;
  type: string;
  attempts: number;
  lastError: string | null;
  finishedAt: Date | null;
};
type SystemStatus = { mail: Counts; jobs: Counts; failedMails: FailedMail[]; failedJobs: FailedJob[] };

const LATEST = 20;

export async function systemStatus(actor: Actor | null): Promise<SystemStatus> {
  if (!can(actor, "view-system")) throw new ForbiddenError();
  const db = await getDb();
  const [mailCounts, jobCounts, failedMails, failedJobs] = await Promise.all([
    db.select({ status: mailOutbox.status, n: sql<number>`count(*)::int` }).from(mailOutbox).groupBy(mailOutbox.status),
    db.select({ status: jobs.status, n: sql<number>`count(*)::int` }).from(jobs).groupBy(jobs.status),
    db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        attempts: mailOutbox.attempts,
        lastError: mailOutbox.lastError,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, "failed"))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(LATEST),
    db
      .select({
        id: jobs.id,
        type: jobs.type,
        attempts: jobs.attempts,
        lastError: jobs.lastError,
        finishedAt: jobs.finishedAt,
      })
      .from(jobs)
      .where(eq(jobs.status, "failed"))
      .orderBy(desc(jobs.finishedAt))
      .limit(LATEST),
  ]);
  const counts = (rows: { status: string; n: number }[], statuses: string[]): Counts =>
    Object.fromEntries(statuses.map((s) => [s, Number(rows.find((r) => r.status === s)?.n ?? 0)]));
  return {
    mail: counts(mailCounts, ["pending", "sending", "sent", "failed"]),
    jobs: counts(jobCounts, ["pending", "running", "done", "failed"]),
    failedMails,
    failedJobs,
  };
}
