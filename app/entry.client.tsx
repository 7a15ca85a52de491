import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { MessagesContext, cachedMessages, loadMessages } from "~/lib/i18n/messages";
import { replayIntlFromDocument } from "~/lib/i18n/intl-replay";

/**
 * Hydration waits for the first paint: on a slow phone the server-rendered page is on screen before React
 * starts its work, instead of after it.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

// Dates, numbers and plurals hydrate with the server's strings: no Intl locale data to load meanwhile.
replayIntlFromDocument(document);

// The page was rendered in <html lang>; its translations load before hydration so nothing flips. If they
// cannot be fetched the page stays as the server rendered it: links and forms work without JavaScript.
Promise.all([loadMessages(document.documentElement.lang), afterFirstPaint()]).then(
  () => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <MessagesContext.Provider value={cachedMessages}>
            <HydratedRouter />
          </MessagesContext.Provider>
        </StrictMode>,
      );
    });
  },
  (err) => {
    console.error("Translations could not be loaded; the page is not interactive beyond links and forms.", err);
  },
);
