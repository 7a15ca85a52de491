/** The settings module's server door: what routes, the server and other modules may use of it on the server. */
export { getSettings, getSettingsForAdmin, saveSettings } from "./settings.server";
export { mapTiles, tileSource } from "./maps.server";
