import { useRouteLoaderData } from "react-router";
import type { SessionUser } from "./root-data.server";

type RootData = {
  locale: string;
  user: SessionUser | null;
  siteName: string;
  nonce: string;
  newsletterTowns: { name: string; slug: string }[];
};

/** The signed-in user (or null) and the site name, from the root loader. */
export function useRootData(): RootData {
  const data = useRouteLoaderData("root") as RootData | undefined;
  return data ?? { locale: "en", user: null, siteName: "Buurtplatform", nonce: "", newsletterTowns: [] };
}
