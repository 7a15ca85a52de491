/** The municipality module's server door: what routes, the server and other modules may use of it on the server. */
export {
  assertMunicipalityId,
  findActiveMunicipality,
  findMunicipalityAnyStatus,
  findMunicipalitySlugById,
  listActiveMunicipalities,
  listAllMunicipalities,
  listMunicipalitiesForAdmin,
  municipalityCommands,
  municipalityMapView,
  resolveActiveMunicipality,
  townContacts,
  withPublicPaths,
} from "./municipality.server";
export type { MunicipalityOption, MunicipalityRow } from "./municipality.server";
export { platformFigures } from "./figures.server";
