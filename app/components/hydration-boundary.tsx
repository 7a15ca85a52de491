/**
 * A part of the page that the browser hydrates on its own. Nothing in it suspends: the server
 * renders it in place (entry.server waits for the whole document), but React hydrates each Suspense boundary
 * in its own pass and commit, so a large page no longer hydrates in one long main-thread task, and a click
 * in a part not yet hydrated makes React hydrate that part first.
 */
import { Suspense } from "react";

export function HydrationBoundary({ children }: { children: React.ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
