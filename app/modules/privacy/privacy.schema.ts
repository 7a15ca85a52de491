import { z } from "zod";

/** A box that must be ticked: a missing field fails too (an optional field would skip the check). */
const checked = (message: string) =>
  z.string({ error: message }).refine((v) => v === "on" || v === "true", { message });
const flag = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true");

/** /profile "Delete my account": the password again, an explicit confirmation, and the reports choice. */
export const deleteAccountSchema = z.object({
  currentPassword: z
    .string({ error: "account:privacy.delete.passwordRequired" })
    .min(1, "account:privacy.delete.passwordRequired")
    .max(1024, "account:privacy.delete.passwordRequired"),
  confirm: checked("account:privacy.delete.confirmRequired"),
  deleteReports: flag,
});

/** The admin panel's deletion on request: the administrator confirms that the user asked for it. */
export const adminDeleteSchema = z.object({
  confirm: checked("admin:privacy.confirmRequired"),
  deleteReports: flag,
});
