/** The settings module's door for code that also runs in the browser (policies, schemas, options, pure helpers). */
export { settingsSchema } from "./settings.schema";
export type { SettingsInput } from "./settings.schema";
