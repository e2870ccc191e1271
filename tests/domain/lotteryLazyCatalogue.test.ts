/**
 * The client's lazy play catalogue (lazyCatalogue.ts, one code file per family) gives each family the
 * same plays, in the same order, as the server's catalogue.ts, and refuses to be read before a load.
 * Each module is imported fresh (vi.resetModules), so neither reads a catalogue the other built.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOTTERY_FAMILIES } from '../../src/domain/lottery/types.ts';

type Catalogue = typeof import('../../src/domain/lottery/catalogue.ts');
type Lazy = typeof import('../../src/domain/lottery/lazyCatalogue.ts');

const fresh = async <T>(load: () => Promise<T>): Promise<T> => {
  vi.resetModules();
  return load();
};

/** What a play is to a player and to settlement, without its functions. */
const shapeOf = (c: Catalogue | Lazy, family: (typeof LOTTERY_FAMILIES)[number]) =>
  c.playsOf(family).map((p) => ({
    code: p.code,
    name: p.nameZh,
    group: p.group,
    model: p.model,
    tiers: p.tiers,
    rows: p.rows.length,
  }));

describe('lazy play catalogue', () => {
  let lazy: Lazy;
  beforeEach(async () => {
    lazy = await fresh(() => import('../../src/domain/lottery/lazyCatalogue.ts'));
  });

  it('offers every export of the server catalogue (the client build puts it in its place)', async () => {
    const eager = await fresh(() => import('../../src/domain/lottery/catalogue.ts'));
    for (const name of Object.keys(eager)) expect(lazy, name).toHaveProperty(name);
  });

  it.each([...LOTTERY_FAMILIES])(
    'loads %s with the same plays as the server catalogue',
    async (family) => {
      const eager = await fresh(() => import('../../src/domain/lottery/catalogue.ts'));
      expect(lazy.familyLoaded(family)).toBe(false);
      expect(() => lazy.playsOf(family)).toThrow(/not loaded/);
      expect(() => lazy.getPlay(family, 'X')).toThrow(`await loadFamily('${family}')`);
      await lazy.loadFamily(family);
      expect(lazy.familyLoaded(family)).toBe(true);
      expect(shapeOf(lazy, family)).toEqual(shapeOf(eager, family));
      const first = lazy.playsOf(family)[0]!;
      expect(lazy.getPlay(family, first.code)).toBe(first);
    },
  );

  it('loads a family once however many ask, and only that family', async () => {
    const a = lazy.loadFamily('K3');
    expect(lazy.loadFamily('K3')).toBe(a);
    await a;
    expect(LOTTERY_FAMILIES.filter(lazy.familyLoaded)).toEqual(['K3']);
  });
});
