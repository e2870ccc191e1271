/** The grade ladder: reached by recharge OR valid bets, operator ladders checked, names shown. */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GRADE_LEVELS,
  gradeData,
  gradeFor,
  gradeShow,
  levelsToWire,
  parseGradeLevels,
  storedLadder,
} from '../../src/domain/grades';

const wire = () =>
  levelsToWire(DEFAULT_GRADE_LEVELS).map(({ grade, rechargeAmount, validBetAmount, benefits }) => ({
    grade,
    rechargeAmount,
    validBetAmount,
    benefits,
  }));

describe('grades', () => {
  it('reaches the highest tier either total meets', () => {
    const l = DEFAULT_GRADE_LEVELS;
    expect(gradeFor({ rechargeFen: 0, validBetFen: 0 }, l)).toBe(0);
    expect(gradeFor({ rechargeFen: l[0]!.rechargeFen - 1, validBetFen: 0 }, l)).toBe(0);
    expect(gradeFor({ rechargeFen: l[0]!.rechargeFen, validBetFen: 0 }, l)).toBe(1);
    expect(gradeFor({ rechargeFen: l[0]!.rechargeFen, validBetFen: l[4]!.validBetFen }, l)).toBe(5);
    expect(gradeFor({ rechargeFen: Number.MAX_SAFE_INTEGER, validBetFen: 0 }, l)).toBe(10);
  });

  it('names tiers VIP1..VIP10 and the rest by name', () => {
    expect([0, 1, 6, 10, -1, -2, 100].map(gradeShow)).toEqual([
      '未定级',
      'VIP1',
      'VIP6',
      'VIP10',
      '测试组',
      '游客',
      '管理员',
    ]);
    expect(
      levelsToWire(DEFAULT_GRADE_LEVELS)
        .map((g) => g.name)
        .join(''),
    ).toBe('青铜白银黄金铂金钻石水晶皇冠星耀王者彩神');
  });

  it('parses the operator ladder and refuses every kind of bad one in Chinese', () => {
    const good = parseGradeLevels(JSON.stringify(wire().reverse()));
    expect('levels' in good && good.levels).toEqual(DEFAULT_GRADE_LEVELS);
    const bad = (rows: unknown) =>
      (
        parseGradeLevels(typeof rows === 'string' ? rows : JSON.stringify(rows)) as {
          error: string;
        }
      ).error;
    expect(bad('{')).toBe('等级设置格式错误');
    expect(bad(wire().slice(1))).toBe('须设置全部10个等级');
    expect(bad([...wire().slice(1), null])).toBe('等级设置格式错误');
    expect(bad(wire().map((r) => ({ ...r, grade: 11 })))).toBe('等级须为1至10，且每级一条');
    expect(bad(wire().map((r, i) => (i === 2 ? { ...r, validBetAmount: '0' } : r)))).toBe(
      'VIP3黄金的累计有效投注须为大于0的金额，最多两位小数',
    );
    expect(bad(wire().map((r, i) => (i === 2 ? { ...r, benefits: ' ' } : r)))).toBe(
      '请填写VIP3黄金的等级权益',
    );
    expect(bad(wire().map((r, i) => (i === 2 ? { ...r, benefits: 'x'.repeat(201) } : r)))).toBe(
      'VIP3黄金的等级权益不能超过200字',
    );
    expect(bad(wire().map((r, i) => (i === 2 ? { ...r, benefits: 'a\u0007' } : r)))).toBe(
      'VIP3黄金的等级权益不能包含尖括号或控制字符',
    );
    expect(bad(wire().map((r, i) => (i === 9 ? { ...r, validBetAmount: '1.00' } : r)))).toBe(
      'VIP10彩神的累计有效投注须高于上一级',
    );
  });

  it('reads a stored ladder only when it is whole', () => {
    expect(storedLadder(DEFAULT_GRADE_LEVELS)).toEqual(DEFAULT_GRADE_LEVELS);
    expect(storedLadder(DEFAULT_GRADE_LEVELS.slice(1))).toBeNull();
    expect(storedLadder('x')).toBeNull();
  });

  it('shows the way to the next tier, and none at the top', () => {
    expect(gradeData(10, { rechargeFen: 0, validBetFen: 0 }, DEFAULT_GRADE_LEVELS)).toMatchObject({
      nextGrade: null,
      nextPercent: 100,
    });
    // a held grade above what the totals reach now (thresholds raised later) stays
    expect(gradeData(3, { rechargeFen: 0, validBetFen: 0 }, DEFAULT_GRADE_LEVELS)).toMatchObject({
      grade: 3,
      nextGrade: 4,
      nextPercent: 0,
    });
  });
});
