import { useEffect } from "react";
import { useFetcher } from "react-router";
import { FAVOURITES_ACTION, FAVOURITES_KEY, readLocal } from "~/components/favourites-local";
import { useRootData } from "~/lib/use-root-data";

/** After sign-in, the hearts this browser kept as a guest join the account, once; then the browser forgets them. */
export function FavouritesMerge() {
  const { user } = useRootData();
  const fetcher = useFetcher<{ ok: boolean }>();
  const userId = user?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the account changes
  useEffect(() => {
    if (!userId) return;
    const list = readLocal();
    if (list.length === 0) return;
    fetcher.submit({ intent: "merge", items: JSON.stringify(list) }, { method: "post", action: FAVOURITES_ACTION });
  }, [userId]);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.ok) return;
    try {
      localStorage.removeItem(FAVOURITES_KEY);
    } catch {
      /* nothing to forget */
    }
  }, [fetcher.state, fetcher.data]);
  return null;
}
