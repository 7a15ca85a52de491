/**
 * The route pattern a request path belongs to ("/promotions/:municipality/:id", not the path itself), for the
 * request metrics: a label per pattern keeps the number of series bounded whatever paths are asked for.
 */
import type { Request } from "express";
import { type RouteObject, type ServerBuild, matchRoutes } from "react-router";

const trees = new WeakMap<ServerBuild, RouteObject[]>();
let latest: ServerBuild | undefined;

function treeOf(build: ServerBuild): RouteObject[] {
  let tree = trees.get(build);
  if (tree) return tree;
  type Entry = NonNullable<ServerBuild["routes"][string]>;
  const byParent = new Map<string | undefined, Entry[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const list = byParent.get(route.parentId) ?? [];
    list.push(route);
    byParent.set(route.parentId, list);
  }
  const children = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((r) =>
      r.index
        ? { id: r.id, index: true, path: r.path }
        : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: children(r.id) },
    );
  tree = children(undefined);
  trees.set(build, tree);
  return tree;
}

/** Remembers the build the requests are served with (development reloads it). */
export function servingBuild(build: ServerBuild) {
  latest = build;
}

/** Paths the HTTP layer answers itself, before React Router. */
const OWN: [RegExp, string][] = [
  [/^\/assets\//, "/assets/*"],
  [/^\/live\/[^/]+\/?$/, "/live/:municipality"],
  [/^\/(metrics|readyz|healthz)$/, ""],
];

/**
 * Patterns of the paths asked for recently, per build: matching a path against the route tree ranks every route
 * again, which cost more than serving a cached page. Bounded: an unknown path only costs one match.
 */
const known = new WeakMap<ServerBuild, Map<string, string>>();
const KNOWN_MAX = 2000;

export function routePattern(req: Pick<Request, "path">): string {
  for (const [re, name] of OWN) if (re.test(req.path)) return name || req.path;
  if (!latest) return "unmatched";
  let cache = known.get(latest);
  if (!cache) {
    cache = new Map();
    known.set(latest, cache);
  }
  const hit = cache.get(req.path);
  if (hit !== undefined) return hit;
  const pattern = matchPattern(latest, req.path);
  if (cache.size >= KNOWN_MAX) cache.clear();
  cache.set(req.path, pattern);
  return pattern;
}

function matchPattern(build: ServerBuild, path: string): string {
  const matches = matchRoutes(treeOf(build), path);
  if (!matches?.length) return "unmatched";
  const pattern = matches
    .map((m) => m.route.path ?? "")
    .filter(Boolean)
    .join("/")
    .replace(/\/+/g, "/");
  // A catch-all route ("*") answers every unknown path under one label.
  return `/${pattern}`.replace(/\/+/g, "/");
}
