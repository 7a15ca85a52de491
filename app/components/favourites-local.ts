/**
 * A guest's hearts, kept in this browser (localStorage) until they join the account at sign-in. Outside the public
 * pages' shared chunk: every page's layout merges them, the landing page included.
 */
export const FAVOURITES_KEY = "favourites";
export const FAVOURITES_ACTION = "/my-favourites";

export function readLocal(): string[] {
  try {
    const raw = JSON.parse(localStorage.getItem(FAVOURITES_KEY) ?? "[]");
    return Array.isArray(raw) ? raw.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

export function writeLocal(id: string, on: boolean) {
  try {
    const list = new Set(readLocal());
    if (on) list.add(id);
    else list.delete(id);
    localStorage.setItem(FAVOURITES_KEY, JSON.stringify([...list]));
  } catch {
    /* storage unavailable: the toggle still works for this page */
  }
}
