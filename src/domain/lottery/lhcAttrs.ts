/** LHC number attributes (§10.1): colour (fixed), zodiac (per lunar year), head/tail, digit sum. */
export const LHC_NUMBERS = Array.from({ length: 49 }, (_, i) => i + 1);
export const COLOURS = ['红', '蓝', '绿'] as const;
const RED = [1, 2, 7, 8, 12, 13, 18, 19, 23, 24, 29, 30, 34, 35, 40, 45, 46];
const BLUE = [3, 4, 9, 10, 14, 15, 20, 25, 26, 31, 36, 37, 41, 42, 47, 48];

/** 0 红, 1 蓝, 2 绿. */
export function colourOf(n: number): 0 | 1 | 2 {
  if (RED.includes(n)) return 0;
  return BLUE.includes(n) ? 1 : 2;
}

export const ZODIACS = [
  '鼠',
  '牛',
  '虎',
  '兔',
  '龙',
  '蛇',
  '马',
  '羊',
  '猴',
  '鸡',
  '狗',
  '猪',
] as const;
/** 家禽 (domestic): 牛 马 羊 鸡 狗 猪; the rest are 野兽. */
export const DOMESTIC: ReadonlySet<number> = new Set([1, 6, 7, 9, 10, 11]);

/** Zodiac index of a number when `yearAnimal` is the lunar year's animal: (Y − (n − 1)) mod 12. */
export function zodiacOf(n: number, yearAnimal: number): number {
  return (((yearAnimal - (n - 1)) % 12) + 12) % 12;
}

/** Numbers of a zodiac in a given year (5 for the year animal, 4 otherwise). */
export function numbersOfZodiac(z: number, yearAnimal: number): number[] {
  return LHC_NUMBERS.filter((n) => zodiacOf(n, yearAnimal) === z);
}

export const tailOf = (n: number): number => n % 10;
export const headOf = (n: number): number => Math.floor(n / 10);
export const lhcDigitSum = (n: number): number => headOf(n) + tailOf(n);

/** 五行 in 金 木 水 火 土 order (the keys of the lhcFiveElements flag). */
export const ELEMENTS = ['金', '木', '水', '火', '土'] as const;
/** 纳音五行 of the 30 stem–branch pairs from 甲子乙丑 (海中金) to 壬戌癸亥 (大海水). */
const NAYIN = '金火木土金火水土金木水土火木水金火木土金火水土金木水土火木水';

/**
 * The 五行 table of a lunar year (§10.1: the sets rotate yearly): number n stands for the year
 * lunarYear − (n − 1), like the zodiac, and takes that year's 纳音 element (1984 = 甲子).
 * Check: 2023 (癸卯, 金箔金) gives 金 = 01 02 09 10 23 24 31 32 39 40.
 */
export function fiveElementsOfYear(lunarYear: number): Record<string, number[]> {
  const out: Record<string, number[]> = Object.fromEntries(ELEMENTS.map((e) => [e, []]));
  for (const n of LHC_NUMBERS) {
    const cycle = (((lunarYear - (n - 1) - 1984) % 60) + 60) % 60;
    out[NAYIN[Math.floor(cycle / 2)]!]!.push(n);
  }
  return out;
}
