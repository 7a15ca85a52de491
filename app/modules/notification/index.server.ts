/** The notification module's server door: what routes, the server and other modules may use of it on the server. */
export { findFollow, listFollows, saveFollow } from "./follow.server";
export {
  confirmNewsletter,
  describeNewsletterConfirmation,
  forgetNewsletterLimit,
  requestNewsletter,
} from "./newsletter.server";
export { describeUnsubscribe, unsubscribe } from "./unsubscribe.server";
export {
  countPushDevices,
  removePushSubscription,
  savePushSubscription,
  vapidKeys,
} from "./push.server";
