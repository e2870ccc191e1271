/**
 * The play catalogue of every family, each built on first use. This entry imports every family's
 * modules: the server and the tests use it. The client loads one family at a time through
 * lazyCatalogue.ts instead (a test checks the two give the same plays).
 */
import type { LotteryFamily, PlayDef } from './types.ts';
import { buildCatalogue } from './playRegistry.ts';
import { sscCatalogue } from './sscCatalogue.ts';
import { k3Plays } from './k3.ts';
import { syx5Plays } from './syx5.ts';
import { pk10Plays } from './pk10.ts';
import { fc3dPlays, pl35Plays } from './fc3d.ts';
import { bj28Plays } from './bj28.ts';
import { kl8Plays } from './kl8.ts';
import { lhcPlays } from './lhc.ts';

const builders: Record<LotteryFamily, () => PlayDef[]> = {
  SSC: sscCatalogue,
  K3: k3Plays,
  SYX5: syx5Plays,
  PK10: pk10Plays,
  FC3D: fc3dPlays,
  PL35: pl35Plays,
  BJ28: bj28Plays,
  KL8: kl8Plays,
  LHC: lhcPlays,
};

const catalogueOf = (family: LotteryFamily) => buildCatalogue(family, builders[family]);

/** Every play of a family, in menu order. */
export function playsOf(family: LotteryFamily): PlayDef[] {
  return [...catalogueOf(family).values()];
}

/** A play by family and code, or undefined. */
export function getPlay(family: LotteryFamily, playCode: string): PlayDef | undefined {
  return catalogueOf(family).get(playCode);
}

export { tiersUnder } from './tiers.ts';
