/** What a drawn result looks like, from the domain's rules: LHC waves and zodiacs, BJ28 sum colour, PK10 car colours. */
import { COLOURS, colourOf, ZODIACS, zodiacOf } from '../../../../domain/lottery/lhcAttrs';
import { bj28ColourOf } from '../../../../domain/lottery/bj28Colours';
import { lunarYearAnimal } from '../../../../domain/lottery/schedule';

export interface LhcBall {
  text: string;
  waveIndex: 0 | 1 | 2;
  wave: string;
  zodiac: string;
}

/**
 * The seven LHC numbers with their wave (红 蓝 绿) and zodiac. The zodiac is the one settlement uses:
 * the lunar year animal of the draw's Beijing date (server ruleFlagsAt → lunarYearAnimal).
 */
export function lhcResult(
  balls: readonly string[],
  drawnAtMs: number,
): { balls: LhcBall[]; label: string } {
  const year = lunarYearAnimal(drawnAtMs);
  const out = balls.map((text) => {
    const n = Number(text);
    const waveIndex = colourOf(n);
    return { text, waveIndex, wave: `${COLOURS[waveIndex]}`, zodiac: ZODIACS[zodiacOf(n, year)]! };
  });
  const read = (b: LhcBall) => `${b.text}${b.wave}波${b.zodiac}`;
  return {
    balls: out,
    label: `开奖号码 ${out.slice(0, 6).map(read).join(' ')} 特码 ${read(out[6]!)}`,
  };
}

export const BJ28_COLOUR_NAMES = { red: '红波', green: '绿波', blue: '蓝波' } as const;

/** A + B + C, the sum and its 波色 (none for 0, 13, 14, 27). */
export function bj28Result(balls: readonly string[]) {
  const sum = balls.reduce((s, b) => s + Number(b), 0);
  const colour = bj28ColourOf(sum);
  return {
    sum,
    colour,
    label: `开奖号码 ${balls.join(' + ')} = ${sum}${colour ? ` ${BJ28_COLOUR_NAMES[colour]}` : ''}`,
  };
}

/**
 * The ten PK10 car colours as the official broadcast and result sites draw them:
 * 1 yellow, 2 blue, 3 dark grey, 4 orange, 5 cyan, 6 indigo, 7 light grey, 8 red, 9 maroon, 10 green.
 * Light cars carry dark digits so the number stays readable (contrast ≥ 4.5:1).
 */
export const PK10_COLOURS: readonly { name: string; className: string }[] = [
  { name: '黄', className: 'bg-[#e6de00] text-gray-900' },
  { name: '蓝', className: 'bg-[#0f5fd8] text-white' },
  { name: '深灰', className: 'bg-[#4b4b4b] text-white' },
  { name: '橙', className: 'bg-[#ff7600] text-gray-900' },
  { name: '青', className: 'bg-[#17e2e5] text-gray-900' },
  { name: '靛蓝', className: 'bg-[#4a2fd8] text-white' },
  { name: '浅灰', className: 'bg-[#bfbfbf] text-gray-900' },
  { name: '红', className: 'bg-[#d81e06] text-white' },
  { name: '棕红', className: 'bg-[#780b00] text-white' },
  { name: '绿', className: 'bg-[#078a00] text-white' },
];
