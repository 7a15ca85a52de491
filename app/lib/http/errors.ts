/** Errors that modules throw and routes turn into responses. Messages are translation keys. */
export type FieldErrors = Record<string, string>;

/** The failures of a whole form (form.server.ts `readForm`, thrown as a 400): the error page shows their text. */
export const UNREADABLE_FORM = ["validation.malformed", "validation.controlChars"] as const;

export class HttpError extends Error {
  constructor(
    public status: number,
    message: string,
    public fieldErrors: FieldErrors = {},
    public params: Record<string, string> = {},
  ) {
    super(message);
  }
}
export class ValidationError extends HttpError {
  constructor(message: string, fieldErrors: FieldErrors = {}, params: Record<string, string> = {}) {
    super(400, message, fieldErrors, params);
  }
}
export class ForbiddenError extends HttpError {
  constructor(message = "errors.forbidden") {
    super(403, message);
  }
}
export class NotFoundError extends HttpError {
  constructor(message = "errors.notFound") {
    super(404, message);
  }
}
