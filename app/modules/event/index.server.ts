/** The event module's server door: what routes, the server and other modules may use of it on the server. */
export { eventFiltersFrom, findPublicEvent, homeEvents, listPublicEvents } from "./event.queries.server";
export type { EventCard, EventDetail } from "./event.queries.server";
export { eventCommands, listAllEvents, listOwnEvents } from "./event.server";
export { attendanceOf, attendeesOf, cancelAttendance, registerAttendance } from "./event.attendance.server";
