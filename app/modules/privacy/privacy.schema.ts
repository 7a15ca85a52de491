import { z } from "zod";

const checked = (message: string) =>
  z
    .string({ error: message })
    .optional()
    .refine((v) => v === "on" || v === "true", { message });
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
