/**
 * The text of operator rich text, and promotion periods. The sanitisers themselves are tested on
 * each side: tests/server/richText-sanitize.test.ts (sanitize-html) and tests/client/rich-content.test.tsx (DOMPurify).
 */
import { describe, expect, it } from 'vitest';
import { richTextPlain } from '../../src/domain/richText';
import { checkinRewardFen, currentPeriod, previousDayKey } from '../../src/domain/activity';

describe('richTextPlain', () => {
  it('gives the text of sanitised HTML', () => {
    expect(richTextPlain('<p>a</p><p>b &amp; c</p>')).toBe('a b & c');
  });
});

describe('promotion periods', () => {
  const at = (iso: string) => Date.parse(iso);
  it('Beijing days, weeks from Monday and months', () => {
    // 2026-11-24 23:30 Beijing is 15:30 UTC; 00:30 Beijing on the 25th is 16:30 UTC on the 24th
    expect(currentPeriod('day', at('2026-11-24T15:30:00Z')).key).toBe('D2026-11-24');
    expect(currentPeriod('day', at('2026-11-24T16:30:00Z')).key).toBe('D2026-11-25');
    expect(previousDayKey(at('2026-11-24T16:30:00Z'))).toBe('D2026-11-24');
    expect(currentPeriod('week', at('2026-11-29T15:00:00Z'))).toEqual({
      key: 'W2026-11-23',
      startMs: at('2026-11-22T16:00:00Z'),
    });
    expect(currentPeriod('week', at('2026-11-29T16:00:00Z')).key).toBe('W2026-11-30');
    expect(currentPeriod('month', at('2026-11-30T16:00:00Z'))).toEqual({
      key: 'M2026-12',
      startMs: at('2026-11-30T16:00:00Z'),
    });
  });

  it('check-in rewards by day of the run, the last repeating', () => {
    const rule = { rewardsFen: [100, 200, 500], turnoverMultiple: 0 };
    expect([1, 2, 3, 4, 30].map((d) => checkinRewardFen(rule, d))).toEqual([
      100, 200, 500, 500, 500,
    ]);
  });
});
