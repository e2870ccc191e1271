/** Issue numbering (§2.6), long dragons (§2.7) and the canonical selection text (§11). */
import { describe, expect, it } from 'vitest';
import {
  nextSelfRunIssue,
  parseSelfRunIssue,
  saleCloseMs,
  selfRunIssueAt,
  windowIssueAt,
} from '../../src/domain/lottery/issue.ts';
import { detectStreaks } from '../../src/domain/lottery/streak.ts';
import { DEFAULT_RULE_FLAGS } from '../../src/domain/lottery/flags.ts';
import { getPlay } from '../../src/domain/lottery/catalogue.ts';
import {
  formatSelection,
  parseSelection,
  validateSelection,
} from '../../src/domain/lottery/selection.ts';

/** Epoch ms of a Beijing wall-clock time. */
const bj = (y: number, mo: number, d: number, h: number, mi: number, s = 0): number =>
  Date.UTC(y, mo - 1, d, h - 8, mi, s);

describe('self-run issues', () => {
  const oneMin = { intervalSec: 60 };
  it('numbers 1-minute issues 0001…1440 and draws at seq × interval', () => {
    const first = selfRunIssueAt(oneMin, bj(2026, 11, 22, 0, 0, 30));
    expect(first).toEqual({ issue: '202611220001', seq: 1, drawAtMs: bj(2026, 11, 22, 0, 1) });
    expect(selfRunIssueAt(oneMin, bj(2026, 11, 22, 0, 1)).issue).toBe('202611220002');
    const last = selfRunIssueAt(oneMin, bj(2026, 11, 22, 23, 59, 59));
    expect(last.issue).toBe('202611221440'); // draws at 24:00 and keeps the earlier date
    expect(last.drawAtMs).toBe(bj(2026, 11, 23, 0, 0));
  });
  it('uses 3 digits for 3/5/10-minute games', () => {
    expect(selfRunIssueAt({ intervalSec: 300 }, bj(2026, 11, 22, 10, 7)).issue).toBe('20261122122');
    expect(selfRunIssueAt({ intervalSec: 600 }, bj(2026, 11, 22, 23, 55)).issue).toBe(
      '20261122144',
    );
    expect(() => selfRunIssueAt({ intervalSec: 7 }, 0)).toThrow();
  });
  it('parses, rolls over to the next day and computes sale close', () => {
    expect(nextSelfRunIssue(oneMin, '202611221440')?.issue).toBe('202611230001');
    expect(nextSelfRunIssue(oneMin, '202612311440')?.issue).toBe('202701010001');
    expect(parseSelfRunIssue(oneMin, '202611220000')).toBeNull();
    expect(parseSelfRunIssue(oneMin, '202611221441')).toBeNull();
    expect(parseSelfRunIssue(oneMin, '202611310001')).toBeNull();
    expect(parseSelfRunIssue(oneMin, '20261122001')).toBeNull();
    const info = parseSelfRunIssue(oneMin, '202611220010')!;
    expect(saleCloseMs(info, 10)).toBe(bj(2026, 11, 22, 0, 9, 50));
  });
});

describe('windowed official schedules', () => {
  // 幸运飞艇: 180 draws every 5 minutes from 13:09 to 04:04 the next day; issues keep the business date.
  const feiting = { firstDrawSec: 13 * 3600 + 9 * 60, intervalSec: 300, count: 180, seqDigits: 3 };
  it('keeps the business date after midnight', () => {
    const at2 = windowIssueAt(feiting, bj(2026, 11, 23, 2, 0))!;
    expect(at2.issue).toBe('20261122156');
    expect(at2.drawAtMs).toBe(bj(2026, 11, 23, 2, 4));
    expect(windowIssueAt(feiting, bj(2026, 11, 23, 4, 3))!.issue).toBe('20261122180');
  });
  it("sells the next business day's first issue between windows", () => {
    const noon = windowIssueAt(feiting, bj(2026, 11, 23, 12, 0))!;
    expect(noon.issue).toBe('20261123001');
    expect(noon.drawAtMs).toBe(bj(2026, 11, 23, 13, 9));
  });
});

describe('long dragons', () => {
  const F = DEFAULT_RULE_FLAGS;
  it('reports SSC runs at or above the threshold, skipping undrawn issues', () => {
    const draws = [[1, 0, 0, 0, 0], [7, 1, 2, 3, 4], null, [9, 0, 2, 1, 0], [5, 2, 4, 6, 0]];
    const out = detectStreaks('SSC', draws, F, 3);
    expect(out).toContainEqual({ name: '万', desc: '大', times: 3 });
    expect(out).toContainEqual({ name: '万', desc: '单', times: 4 });
    expect(out).toContainEqual({ name: '和', desc: '小', times: 4 });
    // 千 is 0,1,0,2: 小 ×4, but 双 only ×2 (below the threshold).
    expect(out.filter((e) => e.name === '千')).toEqual([{ name: '千', desc: '小', times: 4 }]);
  });
  it('a tie breaks the run (龙虎 with 万 = 个; PK10 冠亚和 11 under the tie rule)', () => {
    const lh = detectStreaks(
      'SSC',
      [
        [9, 0, 0, 0, 1],
        [9, 0, 0, 0, 1],
        [9, 0, 0, 0, 1],
        [5, 0, 0, 0, 5],
        [9, 0, 0, 0, 1],
      ],
      F,
      1,
    );
    expect(lh).toContainEqual({ name: '龙虎', desc: '龙', times: 1 });
    const pk = (a: number, b: number) => [
      a,
      b,
      ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter((x) => x !== a && x !== b),
    ];
    // 冠亚和 19, 11, 17: all 单 unless 11 is a tie, which breaks the run.
    const draws = [pk(9, 10), pk(5, 6), pk(8, 9)];
    expect(detectStreaks('PK10', draws, F, 3)).toContainEqual({
      name: '冠亚和',
      desc: '单',
      times: 3,
    });
    expect(detectStreaks('PK10', draws, { ...F, pk10GySumElevenTie: true }, 1)).toContainEqual({
      name: '冠亚和',
      desc: '单',
      times: 1,
    });
  });
  it('K3 triples break the run only under triple-kill', () => {
    const draws = [
      [6, 5, 4],
      [6, 6, 6],
      [5, 6, 6],
    ];
    expect(detectStreaks('K3', draws, F, 3)).toContainEqual({ name: '和值', desc: '大', times: 3 });
    expect(detectStreaks('K3', draws, { ...F, k3TripleKill: true }, 2)).toEqual([]);
  });
});

describe('selection text', () => {
  it('round-trips positions, labels and zero-padded numbers', () => {
    const dwd = getPlay('PK10', 'DWD')!;
    const text = '-,-,-,-,02 04 06 08 10,-,-,-,-,-';
    const sel = parseSelection(dwd, text)!;
    expect(sel.rows[4]).toEqual([2, 4, 6, 8, 10]);
    expect(formatSelection(dwd, sel)).toBe(text);
    const lm = getPlay('SSC', 'LM')!;
    const lmSel = parseSelection(lm, '大 单,-,-,-,-,小')!;
    expect(formatSelection(lm, lmSel)).toBe('大 单,-,-,-,-,小');
    expect(lm.countBets(lmSel)).toBe(3);
    const ds = getPlay('SSC', 'WX_ZXDS')!;
    expect(ds.countBets(parseSelection(ds, '12345,12345,54321')!)).toBe(2);
  });
  it('rejects bad selections with a Chinese message', () => {
    const z6 = getPlay('SSC', 'Q3_Z6FS')!;
    expect(validateSelection(z6, { rows: [[1, 2]] })).toBe('号码需选3至10个号码');
    expect(validateSelection(z6, { rows: [[1, 1, 2]] })).toBe('号码号码重复');
    expect(validateSelection(z6, { rows: [[1, 2, 10]] })).toBe('号码含有无效号码');
    const dt = getPlay('SYX5', 'RX5_DT')!;
    expect(
      validateSelection(dt, {
        rows: [
          [1, 2],
          [2, 3, 4, 5],
        ],
      }),
    ).toBe('胆码与拖码不能重复');
    expect(validateSelection(dt, { rows: [[1, 2, 3, 4, 5], [6]] })).toBe('胆码需选1至4个号码');
    expect(validateSelection(getPlay('SSC', 'DWD')!, { rows: [[], [], [], [], []] })).toBe(
      '选号不足，无法构成一注',
    );
    expect(parseSelection(getPlay('SSC', 'LM')!, '特大,-,-,-,-,-')).toBeNull();
  });
});
