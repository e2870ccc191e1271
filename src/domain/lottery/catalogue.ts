/** The play catalogue of every family, built once on first use. */
import type { LotteryFamily, PlayDef } from './types.ts';
import { sscPlays } from './ssc.ts';
import { sscMorePlays } from './sscMore.ts';
import { k3Plays } from './k3.ts';
import { syx5Plays } from './syx5.ts';
import { pk10Plays } from './pk10.ts';
import { fc3dPlays, pl35Plays } from './fc3d.ts';
import { bj28Plays } from './bj28.ts';
import { kl8Plays } from './kl8.ts';
import { lhcPlays } from './lhc.ts';

const builders: Record<LotteryFamily, () => PlayDef[]> = {
  SSC: () => [...sscPlays(), ...sscMorePlays()],
  K3: k3Plays,
  SYX5: syx5Plays,
  PK10: pk10Plays,
  FC3D: fc3dPlays,
  PL35: pl35Plays,
  BJ28: bj28Plays,
  KL8: kl8Plays,
  LHC: lhcPlays,
};

const cache = new Map<LotteryFamily, ReadonlyMap<string, PlayDef>>();

function catalogueOf(family: LotteryFamily): ReadonlyMap<string, PlayDef> {
  let m = cache.get(family);
  if (!m) {
    const plays = builders[family]();
    m = new Map(plays.map((p) => [p.code, p]));
    if (m.size !== plays.length) throw new Error(`duplicate play code in ${family}`);
    cache.set(family, m);
  }
  return m;
}

/** Every play of a family, in menu order. */
export function playsOf(family: LotteryFamily): PlayDef[] {
  return [...catalogueOf(family).values()];
}

/** A play by family and code, or undefined. */
export function getPlay(family: LotteryFamily, playCode: string): PlayDef | undefined {
  return catalogueOf(family).get(playCode);
}

export { tiersUnder } from './tiers.ts';
