// @vitest-environment happy-dom
/**
 * The app's own Link (app/components/link.tsx): a plain anchor marked data-discover, and one document-wide
 * click listener (LinkNavigation) that hands plain left clicks on such anchors to React Router, as its Link
 * would, and leaves every other click to the browser.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { renderToStaticMarkup } from "react-dom/server";
import { type DataRouter, RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Link, LinkNavigation } from "~/components/link";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type HappyWindow = {
  happyDOM: { setURL(url: string): void; settings: { navigation: { disableFallbackToSetURL: boolean } } };
};

describe("Link", () => {
  it("is a plain anchor to the address, marked for React Router's route discovery, with the props it is given", () => {
    const html = renderToStaticMarkup(
      <Link to="/promotions/genk?page=2" className="link" rel="next" aria-label="Next page">
        Next
      </Link>,
    );
    expect(html).toBe(
      '<a class="link" rel="next" aria-label="Next page" href="/promotions/genk?page=2" data-discover="true">Next</a>',
    );
  });
});

/** A page with the listener and links of every kind. */
function Page() {
  return (
    <>
      <LinkNavigation />
      <Link to="/events/genk?page=2#list">
        <span>Events</span>
      </Link>
      <Link to="/here">Here</Link>
      <Link to="/file.ics" download>
        Calendar
      </Link>
      <Link to="/events/genk" target="_blank">
        New tab
      </Link>
      <a href="/plain">Plain anchor</a>
      <a href="https://elsewhere.example/x" data-discover="true">
        Other site
      </a>
      <button type="button" onClick={(e) => e.preventDefault()}>
        <Link to="/handled">Handled</Link>
      </button>
    </>
  );
}

describe("LinkNavigation", () => {
  let container: HTMLDivElement;
  let root: Root;
  let router: DataRouter;
  /** Whether the last click was left to the browser (nothing called preventDefault before the window saw it). */
  let leftToBrowser: boolean | null;
  const record = (event: Event) => {
    leftToBrowser = !event.defaultPrevented;
    event.preventDefault(); // the test document never really navigates
  };

  beforeEach(async () => {
    const { happyDOM } = window as unknown as HappyWindow;
    happyDOM.setURL("http://localhost/here");
    // happy-dom follows a link while the click bubbles past it (a browser does so after the dispatch, when the
    // document listener has had its say): keep the test document where it is.
    happyDOM.settings.navigation.disableFallbackToSetURL = true;
    window.addEventListener("click", record);
    leftToBrowser = null;
    container = document.createElement("div");
    document.body.append(container);
    router = createMemoryRouter([{ path: "*", element: <Page /> }], { initialEntries: ["/here"] });
    root = createRoot(container);
    await act(async () => root.render(<RouterProvider router={router} />));
  });

  afterEach(async () => {
    await act(async () => root.unmount());
    container.remove();
    window.removeEventListener("click", record);
  });

  const anchor = (text: string) =>
    [...container.querySelectorAll("a")].find((a) => a.textContent === text) as HTMLAnchorElement;

  async function click(target: Element, init: MouseEventInit = {}) {
    await act(async () => {
      target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init }));
    });
  }

  const location = () => router.state.location;

  it("hands a plain left click to React Router, path, query and hash, as a new history entry", async () => {
    await click(anchor("Events").querySelector("span") as Element);
    expect(leftToBrowser).toBe(false);
    expect([location().pathname, location().search, location().hash]).toEqual(["/events/genk", "?page=2", "#list"]);
    expect(router.state.historyAction).toBe("PUSH");
  });

  it("replaces the history entry for a link to the page you are on, as React Router's Link does", async () => {
    await click(anchor("Here"));
    expect(leftToBrowser).toBe(false);
    expect(location().pathname).toBe("/here");
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("leaves modified, middle-button, new-tab, download and foreign clicks to the browser", async () => {
    const events = anchor("Events");
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      await click(events, init);
      expect(leftToBrowser, JSON.stringify(init)).toBe(true);
    }
    for (const text of ["Calendar", "New tab", "Plain anchor", "Other site"]) {
      await click(anchor(text));
      expect(leftToBrowser, text).toBe(true);
    }
    expect(location().pathname).toBe("/here");
    expect(router.state.historyAction).toBe("POP");
  });

  it("does not act on a click that something else already handled", async () => {
    // The button's own handler prevents the default before the document listener sees the click.
    await click(anchor("Handled"));
    expect(location().pathname).toBe("/here");
  });

  it("stops listening when it unmounts", async () => {
    await act(async () => root.render(<div />));
    const stray = document.createElement("a");
    stray.href = "/events/genk";
    stray.dataset.discover = "true";
    container.append(stray);
    await click(stray);
    expect(leftToBrowser).toBe(true);
    expect(location().pathname).toBe("/here");
  });
});
