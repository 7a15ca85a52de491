/**
 * The contact form: the message is stored with its outgoing mail in one
 * transaction, then the mail is delivered over SMTP to the platform's contact address (settings).
 */
import { contactMessages } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import { getDb } from "~/lib/db/db.server";
import { type DeliveryResult, deliverMail, queueMail } from "~/lib/mail/mail.server";
import { getSettings } from "~/modules/settings/index.server";
import type { ContactInput } from "./contact.schema";

export async function submitContactMessage(
  actor: Actor | null,
  input: ContactInput,
): Promise<{ messageId: string; delivery: DeliveryResult }> {
  const db = await getDb();
  const settings = await getSettings();
  const { messageId, mailId } = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...input, userId: actor?.id ?? null })
      .returning({ id: contactMessages.id });
    const mailId = await queueMail(
      {
        to: settings.contactEmail,
        replyTo: input.email,
        subject: `[${settings.siteName}] ${input.subject}`,
        text: [
          `Name: ${input.name}`,
          `Email: ${input.email}`,
          `Subject: ${input.subject}`,
          actor ? `Account: ${actor.email} (${actor.role})` : "Account: guest",
          "",
          input.message,
          "",
          `-- Contact message ${row.id}`,
        ].join("\n"),
      },
      tx,
    );
    return { messageId: row.id, mailId };
  });
  const delivery = await deliverMail(mailId);
  return { messageId, delivery };
}
