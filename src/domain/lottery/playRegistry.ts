/**
 * The built play catalogues, one per family, shared by the two ways in: catalogue.ts builds any
 * family on first use from modules it imports (the server, the tests), lazyCatalogue.ts loads a
 * family's modules on demand (the client, one code file per family). Either way a family is built
 * once, and a catalogue with two plays of one code is refused.
 */
import type { LotteryFamily, PlayDef } from './types.ts';

const built = new Map<LotteryFamily, ReadonlyMap<string, PlayDef>>();

/** A family's catalogue by play code, if it has been built. */
export function builtCatalogue(family: LotteryFamily): ReadonlyMap<string, PlayDef> | undefined {
  return built.get(family);
}

/** Builds and keeps a family's catalogue (the one already kept if there is one). */
export function buildCatalogue(
  family: LotteryFamily,
  build: () => PlayDef[],
): ReadonlyMap<string, PlayDef> {
  const kept = built.get(family);
  if (kept) return kept;
  const plays = build();
  const byCode = new Map(plays.map((p) => [p.code, p]));
  if (byCode.size !== plays.length) throw new Error(`duplicate play code in ${family}`);
  built.set(family, byCode);
  return byCode;
}
