import { z } from "zod";

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
/** Bytes a base64url text decodes to. */
const bytes = (s: string) => Math.floor((s.replace(/=+$/, "").length * 3) / 4);

/**
 * A browser's push subscription as `PushSubscription.toJSON()` gives it: the push service's address and the two
 * keys (RFC 8291: a P-256 public key of 65 bytes, an authentication secret of 16). Whether the address belongs to
 * an allowed push service is checked on the server (push.server.ts), against the PUSH_SERVICES setting.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().trim().max(2048, "push.badEndpoint").url("push.badEndpoint"),
  p256dh: z
    .string()
    .trim()
    .regex(BASE64URL, "push.badKeys")
    .refine((s) => bytes(s) === 65, "push.badKeys"),
  auth: z
    .string()
    .trim()
    .regex(BASE64URL, "push.badKeys")
    .refine((s) => bytes(s) === 16, "push.badKeys"),
});
export type PushSubscriptionInput = z.output<typeof pushSubscriptionSchema>;
