/**
 * The heart on promotion and event pages. A guest's hearts are kept in this browser (localStorage); signed in,
 * the heart saves to the account (My favourites), and the browser's hearts join the account once after sign-in.
 */
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Heart, X } from "~/components/icons";
import { useTranslation } from "~/lib/i18n/react";
import { FAVOURITES_ACTION as ACTION, readLocal, writeLocal } from "~/components/favourites-local";
import { useRootData } from "~/lib/use-root-data";

/** `id` is "promotion:<id>" or "event:<id>". */
export function FavouriteButton({ id }: { id: string }) {
  const { t } = useTranslation("site");
  const { user } = useRootData();
  const saved = useFetcher<{ keys: string[] }>();
  const toggle = useFetcher();
  const [on, setOn] = useState(false);
  const signedIn = !!user;
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per item and account
  useEffect(() => {
    if (signedIn) saved.load(`${ACTION}?keys=1`);
    else setOn(readLocal().includes(id));
  }, [id, signedIn]);
  useEffect(() => {
    if (signedIn && saved.data?.keys) setOn(saved.data.keys.includes(id));
  }, [saved.data, id, signedIn]);
  const click = () => {
    const next = !on;
    setOn(next);
    if (signedIn) toggle.submit({ intent: "toggle", item: id, on: String(next) }, { method: "post", action: ACTION });
    else writeLocal(id, next);
  };
  return (
    <button type="button" className="btn-secondary" aria-pressed={on} onClick={click}>
      <Heart aria-hidden="true" className={`size-4 ${on ? "fill-red-600 text-red-600" : ""}`} />
      {on ? t("favourite.remove") : t("favourite.add")}
    </button>
  );
}

/** My favourites' Remove button for one item. */
export function FavouriteRemove({ item, label }: { item: string; label: string }) {
  const { t } = useTranslation("account");
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" action={ACTION}>
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="item" value={item} />
      <input type="hidden" name="on" value="false" />
      <button type="submit" className="btn-secondary" disabled={fetcher.state !== "idle"}>
        <X aria-hidden="true" className="size-4" />
        {t("favourites.remove")}
        <span className="sr-only">: {label}</span>
      </button>
    </fetcher.Form>
  );
}
