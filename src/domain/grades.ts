/**
 * The player grades of spec 001 section 3: ten named tiers, 1 青铜 to 10 彩神, shown VIP1 to VIP10;
 * 0 is 未定级 (no tier reached yet). Chat's special grades (-1 test group, -2 guest, 100 manager) are
 * not tiers and are never changed by promotion (domain/chat/constants.ts).
 *
 * A tier is reached by a lifetime recharge total OR a lifetime valid-bet total (fen) at least its
 * operator-set thresholds (site setting, docs/content.md "Grades"); each tier carries a text of what it
 * gives. Grades only go up: a player keeps a tier after the operator raises its thresholds.
 */
import { formatFen, parseYuanToFen } from './money';
import { GRADE_GUEST, GRADE_MANAGER, GRADE_TEST } from './chat/constants';

export interface Grade {
  grade: number;
  name: string;
}

/** Every grade a player can hold, 0 (未定级) then the ten tiers. */
export const GRADES: readonly Grade[] = [
  { grade: 0, name: '未定级' },
  { grade: 1, name: '青铜' },
  { grade: 2, name: '白银' },
  { grade: 3, name: '黄金' },
  { grade: 4, name: '铂金' },
  { grade: 5, name: '钻石' },
  { grade: 6, name: '水晶' },
  { grade: 7, name: '皇冠' },
  { grade: 8, name: '星耀' },
  { grade: 9, name: '王者' },
  { grade: 10, name: '彩神' },
];
export const TOP_GRADE = 10;
/** The longest benefits text of one tier. */
export const BENEFITS_MAX_CHARS = 200;

/** The operator's terms of one tier (grade 1..10). */
export interface GradeLevel {
  grade: number;
  /** lifetime recharges needed (fen) */
  rechargeFen: number;
  /** lifetime valid bets needed (fen) */
  validBetFen: number;
  /** what the tier gives, plain text */
  benefits: string;
}

const yuan = (n: number) => n * 100;
/** The ladder until the operator sets one. */
export const DEFAULT_GRADE_LEVELS: readonly GradeLevel[] = [
  [100, 1_000, '专属VIP1标识'],
  [1_000, 10_000, '专属VIP2标识，聊天室彩色昵称'],
  [5_000, 50_000, '专属VIP3标识，晋级礼金'],
  [20_000, 200_000, '晋级礼金，生日礼金'],
  [50_000, 500_000, '晋级礼金，生日礼金，专属客服'],
  [100_000, 1_000_000, '晋级礼金，生日礼金，专属客服，提现优先'],
  [300_000, 3_000_000, '晋级礼金，每月红包，专属客服，提现优先'],
  [1_000_000, 10_000_000, '晋级礼金，每月红包，专属客服，提现优先'],
  [3_000_000, 30_000_000, '晋级礼金，每周红包，专属客服，提现优先'],
  [10_000_000, 100_000_000, '晋级礼金，每周红包，专属客服，提现优先，线下活动邀请'],
].map(([r, v, b], i) => ({
  grade: i + 1,
  rechargeFen: yuan(r as number),
  validBetFen: yuan(v as number),
  benefits: b as string,
}));

/** Chat's grades outside the ladder. */
const SPECIAL_NAMES: Readonly<Record<number, string>> = {
  [GRADE_TEST]: '测试组',
  [GRADE_GUEST]: '游客',
  [GRADE_MANAGER]: '管理员',
};

export function gradeName(grade: number): string {
  return GRADES.find((g) => g.grade === grade)?.name ?? SPECIAL_NAMES[grade] ?? `等级${grade}`;
}

/** 'VIP3' for a tier, the name for 0 (未定级) and chat's special grades. */
export function gradeShow(grade: number): string {
  return grade >= 1 && grade <= TOP_GRADE ? `VIP${grade}` : gradeName(grade);
}

/** The letter a player gets when the promotion job raises their grade (plain text, as letters are). */
export function gradeUpLetter(from: number, to: number): { title: string; content: string } {
  const label = (g: number) =>
    gradeShow(g) === gradeName(g) ? gradeName(g) : `${gradeShow(g)} ${gradeName(g)}`;
  return {
    title: `恭喜晋级 ${label(to)}`,
    content: `您的会员等级已由 ${label(from)} 晋升为 ${label(to)}。\n可在「个人等级」页面查看新等级的权益与下一等级的晋级条件。`,
  };
}

/** The highest tier whose recharge or valid-bet threshold the totals reach (0 when none). */
export function gradeFor(
  totals: { rechargeFen: number; validBetFen: number },
  levels: readonly GradeLevel[],
): number {
  let reached = 0;
  for (const l of levels) {
    if (totals.rechargeFen >= l.rechargeFen || totals.validBetFen >= l.validBetFen)
      reached = Math.max(reached, l.grade);
  }
  return reached;
}

/** The wire form of one tier (the admin editor sends this back as `levels`). */
export interface GradeLevelWire {
  grade: number;
  name: string;
  show: string;
  rechargeAmount: string;
  validBetAmount: string;
  benefits: string;
}

export function levelsToWire(levels: readonly GradeLevel[]): GradeLevelWire[] {
  return levels.map((l) => ({
    grade: l.grade,
    name: gradeName(l.grade),
    show: gradeShow(l.grade),
    rechargeAmount: formatFen(l.rechargeFen),
    validBetAmount: formatFen(l.validBetFen),
    benefits: l.benefits,
  }));
}

/** Plain text: no angle brackets, no control characters. */
const isPlain = (text: string) =>
  [...text].every(
    (c) => c !== '<' && c !== '>' && (c.codePointAt(0) ?? 0) >= 0x20 && c !== '\u007f',
  );

/**
 * The operator's ladder from the wire (`levels`: a JSON array of ten `{ grade, rechargeAmount,
 * validBetAmount, benefits }`, amounts in yuan): grades 1..10 once each, amounts above 0 rising with
 * the grade, plain-text benefits. Returns the levels in grade order or the Chinese message of the first problem.
 */
export function parseGradeLevels(json: string): { levels: GradeLevel[] } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { error: '等级设置格式错误' };
  }
  if (!Array.isArray(value) || value.length !== TOP_GRADE)
    return { error: `须设置全部${TOP_GRADE}个等级` };
  const byGrade = new Map<number, GradeLevel>();
  for (const item of value) {
    if (typeof item !== 'object' || item === null) return { error: '等级设置格式错误' };
    const { grade, rechargeAmount, validBetAmount, benefits } = item as Record<string, unknown>;
    if (
      typeof grade !== 'number' ||
      !Number.isInteger(grade) ||
      grade < 1 ||
      grade > TOP_GRADE ||
      byGrade.has(grade)
    ) {
      return { error: `等级须为1至${TOP_GRADE}，且每级一条` };
    }
    const tag = `VIP${grade}${gradeName(grade)}`;
    const rechargeFen = parseYuanToFen(
      typeof rechargeAmount === 'string' || typeof rechargeAmount === 'number'
        ? String(rechargeAmount)
        : '',
    );
    if (rechargeFen === null || rechargeFen <= 0)
      return { error: `${tag}的累计充值须为大于0的金额，最多两位小数` };
    const validBetFen = parseYuanToFen(
      typeof validBetAmount === 'string' || typeof validBetAmount === 'number'
        ? String(validBetAmount)
        : '',
    );
    if (validBetFen === null || validBetFen <= 0)
      return { error: `${tag}的累计有效投注须为大于0的金额，最多两位小数` };
    const text = typeof benefits === 'string' ? benefits.trim() : '';
    if (text === '') return { error: `请填写${tag}的等级权益` };
    if (text.length > BENEFITS_MAX_CHARS)
      return { error: `${tag}的等级权益不能超过${BENEFITS_MAX_CHARS}字` };
    if (!isPlain(text)) return { error: `${tag}的等级权益不能包含尖括号或控制字符` };
    byGrade.set(grade, { grade, rechargeFen, validBetFen, benefits: text });
  }
  return checkLadder([...byGrade.values()]);
}

/** The ladder's own rules: ten tiers, thresholds rising with the grade. */
function checkLadder(list: GradeLevel[]): { levels: GradeLevel[] } | { error: string } {
  const levels = [...list].sort((a, b) => a.grade - b.grade);
  if (levels.length !== TOP_GRADE || levels.some((l, i) => l.grade !== i + 1))
    return { error: `须设置全部${TOP_GRADE}个等级` };
  for (let i = 1; i < levels.length; i++) {
    const [prev, cur] = [levels[i - 1]!, levels[i]!];
    const tag = `VIP${cur.grade}${gradeName(cur.grade)}`;
    if (cur.rechargeFen <= prev.rechargeFen) return { error: `${tag}的累计充值须高于上一级` };
    if (cur.validBetFen <= prev.validBetFen) return { error: `${tag}的累计有效投注须高于上一级` };
  }
  return { levels };
}

/** A stored ladder (GradeLevel objects in fen), or null when it is not a valid one. */
export function storedLadder(value: unknown): GradeLevel[] | null {
  if (!Array.isArray(value)) return null;
  const fen = (n: unknown) => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;
  const list: GradeLevel[] = [];
  for (const v of value) {
    const l = v as Partial<GradeLevel> | null;
    if (
      !l ||
      typeof l.grade !== 'number' ||
      !fen(l.rechargeFen) ||
      !fen(l.validBetFen) ||
      typeof l.benefits !== 'string'
    )
      return null;
    list.push({
      grade: l.grade,
      rechargeFen: l.rechargeFen!,
      validBetFen: l.validBetFen!,
      benefits: l.benefits,
    });
  }
  const checked = checkLadder(list);
  return 'levels' in checked ? checked.levels : null;
}

/**
 * What /personalLevel shows: the held grade (which may be above what the totals reach now, grades
 * never go down), the totals, the next tier and how far each of its thresholds is, and the ladder.
 */
export function gradeData(
  grade: number,
  totals: { rechargeFen: number; validBetFen: number },
  levels: readonly GradeLevel[],
) {
  const next = levels.find((l) => l.grade === grade + 1) ?? null;
  return {
    grade,
    gradeName: gradeName(grade),
    gradeShow: gradeShow(grade),
    rechargeAmount: formatFen(totals.rechargeFen),
    validBetAmount: formatFen(totals.validBetFen),
    nextGrade: next?.grade ?? null,
    nextRechargeAmount: next ? formatFen(Math.max(0, next.rechargeFen - totals.rechargeFen)) : null,
    nextValidBetAmount: next ? formatFen(Math.max(0, next.validBetFen - totals.validBetFen)) : null,
    /** 0..100: the nearer of the two ways to the next tier (100 at the top) */
    nextPercent: next
      ? Math.min(
          100,
          Math.floor(
            Math.max(totals.rechargeFen / next.rechargeFen, totals.validBetFen / next.validBetFen) *
              100,
          ),
        )
      : 100,
    grades: levelsToWire(levels),
  };
}
export type GradeData = ReturnType<typeof gradeData>;
