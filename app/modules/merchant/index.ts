/** The merchant module's door for code that also runs in the browser (policies, schemas, options, pure helpers). */
export { WEEK_DAYS, daysOfLabel, hoursFieldName, listToWeek } from "./merchant.hours";
export type { OpeningHours, WeekDay } from "./merchant.hours";
export { can } from "./merchant.policy";
export { merchantProfileSchema } from "./merchant.schema";
export type { MerchantProfileInput } from "./merchant.schema";
export { canOnOwned } from "./owned.policy";
export type { OwnedAction } from "./owned.policy";
