/**
 * The client's way to the play catalogue: a family's plays are loaded on demand, each family from
 * its own code file (a dynamic import per family, so the build emits one chunk per family and the
 * betting page of one family never downloads another's plays). Once a family is loaded (loadFamily),
 * playsOf and getPlay answer synchronously, as catalogue.ts does for the server.
 * Asking for a family that is not loaded is a programming error and throws: the screen must await
 * loadFamily first (useFamilyPlays on the client).
 */
import type { LotteryFamily, PlayDef } from './types.ts';
import { buildCatalogue, builtCatalogue } from './playRegistry.ts';

/** Each family's plays module; FC3D and PL35 share theirs (one table of 3-digit plays). */
const loaders: Record<LotteryFamily, () => Promise<() => PlayDef[]>> = {
  SSC: () => import('./sscCatalogue.ts').then((m) => m.sscCatalogue),
  K3: () => import('./k3.ts').then((m) => m.k3Plays),
  SYX5: () => import('./syx5.ts').then((m) => m.syx5Plays),
  PK10: () => import('./pk10.ts').then((m) => m.pk10Plays),
  FC3D: () => import('./fc3d.ts').then((m) => m.fc3dPlays),
  PL35: () => import('./fc3d.ts').then((m) => m.pl35Plays),
  BJ28: () => import('./bj28.ts').then((m) => m.bj28Plays),
  KL8: () => import('./kl8.ts').then((m) => m.kl8Plays),
  LHC: () => import('./lhc.ts').then((m) => m.lhcPlays),
};

const loading = new Map<LotteryFamily, Promise<void>>();

/** Whether a family's plays can be read synchronously now. */
export function familyLoaded(family: LotteryFamily): boolean {
  return builtCatalogue(family) !== undefined;
}

/**
 * Loads and builds a family's plays; one request per family however many callers ask. A failed
 * load (offline, a new deploy) is forgotten so the next call tries again.
 */
export function loadFamily(family: LotteryFamily): Promise<void> {
  if (familyLoaded(family)) return Promise.resolve();
  let p = loading.get(family);
  if (!p) {
    p = loaders[family]().then((build) => {
      buildCatalogue(family, build);
    });
    p.catch(() => loading.delete(family));
    loading.set(family, p);
  }
  return p;
}

function loaded(family: LotteryFamily): ReadonlyMap<string, PlayDef> {
  const byCode = builtCatalogue(family);
  if (!byCode)
    throw new Error(`the ${family} plays are not loaded: await loadFamily('${family}') first`);
  return byCode;
}

/** Every play of a loaded family, in menu order. */
export function playsOf(family: LotteryFamily): PlayDef[] {
  return [...loaded(family).values()];
}

/** A play of a loaded family by code, or undefined. */
export function getPlay(family: LotteryFamily, playCode: string): PlayDef | undefined {
  return loaded(family).get(playCode);
}

export { tiersUnder } from './tiers.ts';
