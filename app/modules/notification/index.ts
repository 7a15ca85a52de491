/** The notification module's door for code that also runs in the browser (policies, schemas, options, pure helpers). */
export { followSchema, newsletterSchema } from "./notification.schema";
export { pushSubscriptionSchema } from "./push.schema";
