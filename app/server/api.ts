/**
 * What the launcher (server.js) and the operational scripts use of a server build: the exports of
 * app/entry.server.tsx. server.js is plain JavaScript (it runs before any build exists) and is type-checked
 * against this type (`// @ts-check`), so a renamed or changed export fails `npm run typecheck`.
 */
export type ServerApi = typeof import("../entry.server");
