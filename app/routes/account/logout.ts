import { redirect } from "react-router";
import { signOut } from "~/modules/user/index.server";
import type { Route } from "./+types/logout";

export async function action({ request, context }: Route.ActionArgs) {
  const headers = await signOut(request, context);
  return redirect("/login", { headers });
}

export function loader() {
  return redirect("/");
}
