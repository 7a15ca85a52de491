/** The subscription module's server door: what routes, the server and other modules may use of it on the server. */
export { listSubscriptions, subscriptionCommands } from "./subscription.server";
export type { SubscriptionRow } from "./subscription.server";
export { monthlyRevenue } from "./subscription.revenue.server";
export type { RevenueMonth } from "./subscription.revenue.server";
