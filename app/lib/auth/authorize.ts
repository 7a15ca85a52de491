/**
 * The one way a module asks its policy before it reads or writes: the policy (`<entity>.policy.ts` `can`) says
 * yes or no, and a no is a ForbiddenError the routes turn into a 403 (or the message given).
 */
import type { Actor } from "./auth.server";
import { ForbiddenError } from "~/lib/http/errors";

type Policy<Args extends unknown[]> = (actor: Actor | null, ...args: Args) => boolean;

/** Throws unless `can(actor, ...args)`; afterwards TypeScript knows there is an actor. */
export function authorize<Args extends unknown[]>(
  can: Policy<Args>,
  actor: Actor | null,
  ...args: Args
): asserts actor is Actor {
  if (!actor || !can(actor, ...args)) throw new ForbiddenError();
}
