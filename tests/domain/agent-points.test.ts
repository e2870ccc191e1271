/** Where a new member's points start, and the margin an agent keeps (src/domain/agent/points.ts). */
import { describe, expect, it } from 'vitest';
import {
  pointMargin,
  REBATE_FAMILIES,
  suggestedPoints,
  type RebatePoints,
} from '../../src/domain/agent/points.ts';

const all = (n: number) => Object.fromEntries(REBATE_FAMILIES.map((f) => [f, n])) as RebatePoints;

describe('suggestedPoints', () => {
  it('starts at the operator default, never above my own point', () => {
    const mine = { ...all(8), GAME: 2, BJ28: 5 };
    const defaults = { ...all(6), GAME: 3 };
    expect(suggestedPoints(mine, defaults)).toEqual({ ...all(6), GAME: 2, BJ28: 5 });
  });
  it('never starts at my maximum when the default is lower', () => {
    const s = suggestedPoints(all(8), all(6.5));
    for (const f of REBATE_FAMILIES) expect(pointMargin(8, s[f])).toBe(1.5);
  });
});

describe('pointMargin', () => {
  it("is my point minus the member's, to one decimal, without float noise", () => {
    expect(pointMargin(8, 7.9)).toBe(0.1);
    expect(pointMargin(7.5, 0)).toBe(7.5);
    expect(pointMargin(6.3, 6.3)).toBe(0);
    expect(pointMargin(0.3, 0.1)).toBe(0.2);
  });
});
