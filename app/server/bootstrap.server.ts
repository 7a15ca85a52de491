/** Start-up with the user module's account creation for the first administrator (lib/bootstrap.server.ts). */
import { bootstrap as start } from "~/lib/bootstrap.server";
import { insertAccount } from "~/modules/user/user.server";

export { shutdown } from "~/lib/bootstrap.server";

export const bootstrap = () => start(insertAccount);
