/** The SSC family's plays in menu order: the first table (ssc.ts), then the later ones (sscMore.ts). */
import type { PlayDef } from './types.ts';
import { sscPlays } from './ssc.ts';
import { sscMorePlays } from './sscMore.ts';

export function sscCatalogue(): PlayDef[] {
  return [...sscPlays(), ...sscMorePlays()];
}
