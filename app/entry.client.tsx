import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { MessagesContext, cachedMessages, loadMessages } from "./lib/i18n-messages";

// The page was rendered in <html lang>; its translations load before hydration so nothing flips.
loadMessages(document.documentElement.lang).then(() => {
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
});
