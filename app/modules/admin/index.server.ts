/** The admin module's server door: what routes, the server and other modules may use of it on the server. */
export { dashboardStats, recentActivities } from "./dashboard.server";
export type { DashboardStats } from "./dashboard.server";
export { systemStatus } from "./system.server";
