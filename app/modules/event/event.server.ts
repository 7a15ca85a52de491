/**
 * Event commands and panel lists for the merchant and the admin panels; the shared owner
 * rules are in merchant/owned.server.ts. Public reads live in event.queries.server.ts.
 */
import { events } from "@db/schema";
import type { Actor } from "~/lib/auth/auth.server";
import type { CrudCommands } from "~/lib/forms/crud.server";
import { ValidationError } from "~/lib/http/errors";
import { translationValues } from "~/lib/i18n/translations.schema";
import { ownedCommands } from "~/modules/merchant/index.server";
import { withGallery } from "~/modules/media";
import { can } from "./event.policy";
import { ADMIN_EVENT_REQUIRED, type EventInput, eventSchemaFor } from "./event.schema";

type EventRow = typeof events.$inferSelect;

const EVENT_NOT_FOUND = "merchant:events.errors.notFound";

const commands = ownedCommands<EventRow, EventInput>({
  table: events,
  name: "event",
  counted: "events",
  notFound: EVENT_NOT_FOUND,
  required: ADMIN_EVENT_REQUIRED,
  can,
  content: (input) => ({
    title: input.title,
    description: input.description,
    practicalInfo: input.practical_info,
    imageUrl: input.image_url,
    venue: input.venue,
    time: input.time,
    price: input.price,
    startDate: input.start_date,
    attendees: input.attendees,
    category: input.category,
    ...translationValues(input),
  }),
  chosenOwner: (actor, input) => {
    if (!input.merchant_id) throw new ValidationError(ADMIN_EVENT_REQUIRED, { merchant_id: ADMIN_EVENT_REQUIRED });
    return { merchantId: input.merchant_id, isFeatured: can(actor, "set-featured") && input.is_featured === true };
  },
  // docs/product.md: a merchant's event is never featured.
  ownDefaults: () => ({ isFeatured: false }),
});

/** The actor's own events, newest first (merchant panel). */
export const listOwnEvents = commands.listOwn;
/** Every event with its merchant's business name, searchable and paged (admin panel). */
export const listAllEvents = commands.listAll;
export const createEvent = commands.create;
export const updateEvent = commands.update;
export const deleteEvent = commands.remove;

/** The panels' event commands (lib/forms/crud.server.ts): the form the actor's policy allows. */
export function eventCommands(actor: Actor): CrudCommands<EventInput> {
  // The form also carries the row's gallery (saved with the row by merchant/owned.server.ts).
  const schema = withGallery(eventSchemaFor(actor));
  return {
    idKind: "uuid",
    notFound: EVENT_NOT_FOUND,
    create: { schema, run: (input) => createEvent(actor, input) },
    update: { schema, run: (id, input) => updateEvent(actor, id, input) },
    remove: (id) => deleteEvent(actor, id),
  };
}
