import { useRouteLoaderData } from "react-router";

/** What every page knows about the signed-in user (from the root loader). */
export type SessionUser = {
  id: string;
  name: string;
  email: string;
  role: "user" | "merchant" | "admin";
  municipalitySlug: string | null;
};

type RootData = {
  locale: string;
  user: SessionUser | null;
  siteName: string;
  /** The platform's contact address from the settings (the footer); null when they could not be read. */
  contactEmail: string | null;
  /** The platform's postal address from the settings; null when not set. */
  postalAddress: string | null;
  /** The towns with their own footer contact details (by slug and aliases). */
  townContacts: { slugs: string[]; email: string | null; address: string | null }[];
  nonce: string;
  newsletterTowns: { name: string; slug: string }[];
};

/** The signed-in user (or null) and the site name, from the root loader. */
export function useRootData(): RootData {
  const data = useRouteLoaderData("root") as RootData | undefined;
  return (
    data ?? {
      locale: "en",
      user: null,
      siteName: "Buurtplatform",
      contactEmail: null,
      postalAddress: null,
      townContacts: [],
      nonce: "",
      newsletterTowns: [],
    }
  );
}
