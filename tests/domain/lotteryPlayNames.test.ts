/** A player tells plays apart by name: no group of any family lists two plays of one name (排列3/5 had five such pairs). */
import { describe, expect, it } from 'vitest';
import { playsOf } from '../../src/domain/lottery/catalogue.ts';
import { LOTTERY_FAMILIES } from '../../src/domain/lottery/types.ts';

describe('play names', () => {
  it('are unique within each group of every family', () => {
    for (const family of LOTTERY_FAMILIES) {
      const seen = new Map<string, string>();
      for (const p of playsOf(family)) {
        const key = `${p.group} ${p.nameZh}`;
        expect(seen.get(key), `${family} ${key}: ${seen.get(key)} and ${p.code}`).toBeUndefined();
        seen.set(key, p.code);
      }
    }
  });

  it('排列3 names its three places 百位 十位 个位 on every board, as its 两面 board does', () => {
    const rows = (code: string) =>
      playsOf('PL35')
        .find((p) => p.code === code)!
        .rows.map((r) => r.nameZh);
    expect(rows('P3_DWD')).toEqual(['百位', '十位', '个位']);
    expect(rows('P3_ZXFS')).toEqual(['百位', '十位', '个位']);
    expect(rows('P3_SZ')).toEqual(['百位', '十位', '个位']);
    expect(rows('P5_DWD')).toEqual(['第一位', '第二位', '第三位', '第四位', '第五位']);
    const names = (codes: string[]) =>
      codes.map((c) => playsOf('PL35').find((p) => p.code === c)!.nameZh);
    expect(names(['P3_DWD', 'P5_DWD', 'LM', 'P3_LM'])).toEqual([
      '排列3定位胆',
      '排列5定位胆',
      '排列5两面',
      '排列3两面',
    ]);
  });
});
