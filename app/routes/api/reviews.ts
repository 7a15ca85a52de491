/**
 * POST /reviews/:merchantId: the merchant page's review forms. `save` writes or edits the signed-in user's one
 * review, `delete` removes it, `answer` is the merchant's one reply to review `id`, `flag` reports review `id`.
 * Who may do what is the review module's policy; a guest is sent to sign in. Answers are the forms' messages.
 */
import { data } from "react-router";
import { requireActor } from "~/lib/auth/guards.server";
import { errorResponse, failFor, invalidFor, ok, parseWith, readForm } from "~/lib/forms/form.server";
import { answerSchema, reviewSchema } from "~/modules/review";
import { answerReview, deleteOwnReview, flagReview, saveReview } from "~/modules/review/index.server";
import type { Route } from "./+types/reviews";

const INTENTS = ["save", "delete", "answer", "flag"] as const;
type ReviewIntent = (typeof INTENTS)[number];

export async function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}

async function run(
  intent: ReviewIntent,
  form: Record<string, string>,
  merchantId: string,
  actor: Parameters<typeof saveReview>[0],
) {
  switch (intent) {
    case "save": {
      const parsed = parseWith(reviewSchema, form);
      if (!parsed.ok) return invalidFor(intent, parsed);
      const { created } = await saveReview(actor, merchantId, parsed.data);
      return { ...ok(created ? "site:reviews.saved" : "site:reviews.updated"), intent };
    }
    case "delete":
      await deleteOwnReview(actor, merchantId);
      return { ...ok("site:reviews.deleted"), intent };
    case "answer": {
      const parsed = parseWith(answerSchema, form);
      if (!parsed.ok) return invalidFor(intent, parsed);
      await answerReview(actor, form.id ?? "", { answer: parsed.data.answer as string });
      return { ...ok("site:reviews.answered"), intent, id: form.id };
    }
    case "flag": {
      const { hidden } = await flagReview(actor, form.id ?? "");
      return { ...ok(hidden ? "site:reviews.flagHidden" : "site:reviews.flagDone"), intent, id: form.id };
    }
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireActor(request, context);
  const form = await readForm(request);
  const intent = (INTENTS as readonly string[]).includes(form.intent ?? "") ? (form.intent as ReviewIntent) : null;
  if (!intent) return data({ ok: false as const, formError: "validation.malformed", fieldErrors: {} }, { status: 400 });
  try {
    return await run(intent, form, params.merchantId, actor);
  } catch (err) {
    return failFor(intent, errorResponse(err, "site:reviews.errors.failed"));
  }
}
