import { z } from "zod";
import { METRIC_ENTITIES, METRIC_KINDS } from "./metrics";

/** The beacon's body. */
export const beaconSchema = z.object({
  t: z.enum(METRIC_ENTITIES),
  id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i),
  k: z.enum(METRIC_KINDS),
});
export type Beacon = z.output<typeof beaconSchema>;
