/**
 * Drawn numbers as players read them, per family: LHC balls in their wave colour with the zodiac under
 * each and the 特码 set apart; PK10 in the ten colours of the track; K3 as dice; BJ28 as a + b + c = sum
 * with the sum's 波色; the other families as plain balls. The whole result is one image whose name reads
 * the numbers ("开奖号码 …"); the drawn shapes are hidden from assistive technology.
 */
import type { LotteryFamily } from '../../../../domain/lottery';
import { drawBalls } from '../families';
import { bj28Result, lhcResult, PK10_COLOURS } from './resultLooks';

type Size = 'sm' | 'md';
interface BallsProps {
  openNumber: string | null | undefined;
  size?: Size;
  label?: string;
  /** Draws the result the family's way; without it, plain balls. */
  family?: LotteryFamily;
  /** When the draw happened (ms): the LHC zodiac of a number follows the lunar year of the draw's Beijing date. */
  drawnAt?: number;
}

const BALL = 'inline-flex items-center justify-center rounded-full px-1 font-semibold';
const sizeCls = (size: Size) => (size === 'md' ? 'h-7 min-w-7 text-sm' : 'h-6 min-w-6 text-xs');
const WAVE_BG = ['bg-red-600', 'bg-blue-600', 'bg-green-700'] as const;
const BJ28_BG = { red: 'bg-red-600', green: 'bg-green-700', blue: 'bg-blue-600' } as const;

export function Balls({ openNumber, size = 'sm', label, family, drawnAt }: BallsProps) {
  const balls = drawBalls(openNumber);
  if (balls.length === 0) return <span className="text-sm text-gray-600">等待开奖</span>;
  if (family === 'LHC' && balls.length === 7)
    return <LhcBalls balls={balls} size={size} label={label} drawnAt={drawnAt} />;
  const plain = label ?? `开奖号码 ${balls.join(' ')}`;
  if (family === 'K3' && balls.every((b) => /^[1-6]$/.test(b)))
    return <Dice balls={balls} size={size} label={plain} />;
  if (family === 'BJ28' && balls.length === 3)
    return <Bj28Sum balls={balls} size={size} label={label} />;
  return (
    <span className="flex flex-wrap gap-1" aria-label={plain} role="img" data-family={family}>
      {balls.map((b, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a ball's place in the draw is its identity (values repeat: K3 1 1 2)
        <PlainBall key={i} family={family} text={b} size={size} />
      ))}
    </span>
  );
}

/** PK10 cars in their colour (data-colour names it); every other family the brand ball. */
function PlainBall({ family, text, size }: { family?: LotteryFamily; text: string; size: Size }) {
  const car = family === 'PK10' ? PK10_COLOURS[Number(text) - 1] : undefined;
  return (
    <span
      aria-hidden="true"
      data-ball={text}
      data-colour={car?.name}
      className={`${BALL} ${sizeCls(size)} ${car ? car.className : 'bg-brand text-white'}`}
    >
      {text}
    </span>
  );
}

function LhcBalls({
  balls,
  size,
  label,
  drawnAt,
}: {
  balls: string[];
  size: Size;
  label?: string;
  drawnAt?: number;
}) {
  const r = lhcResult(balls, drawnAt ?? Date.now());
  const cell = (b: (typeof r.balls)[number]) => (
    <span
      key={b.text}
      className="flex flex-col items-center"
      data-ball={b.text}
      data-wave={b.wave}
      data-zodiac={b.zodiac}
    >
      <span className={`${BALL} ${sizeCls(size)} text-white ${WAVE_BG[b.waveIndex]}`}>
        {b.text}
      </span>
      <span className="text-xs leading-4 text-gray-700">{b.zodiac}</span>
    </span>
  );
  return (
    <span
      className="flex flex-nowrap items-start gap-px"
      aria-label={label ?? r.label}
      role="img"
      data-family="LHC"
    >
      <span aria-hidden="true" className="contents">
        {r.balls.slice(0, 6).map(cell)}
        <span className={`flex items-center px-0.5 font-semibold text-gray-600 ${sizeCls(size)}`}>
          +
        </span>
        {cell(r.balls[6]!)}
      </span>
    </span>
  );
}

const DIE_FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

function Dice({ balls, size, label }: { balls: string[]; size: Size; label: string }) {
  const cls = size === 'md' ? 'text-3xl' : 'text-2xl';
  return (
    <span
      className="flex flex-wrap items-center gap-1"
      aria-label={label}
      role="img"
      data-family="K3"
    >
      {balls.map((b, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: a die's place in the draw is its identity (values repeat: 1 1 2)
          key={i}
          aria-hidden="true"
          data-die={b}
          className={`leading-none text-gray-900 ${cls}`}
        >
          {DIE_FACES[Number(b) - 1]}
        </span>
      ))}
    </span>
  );
}

function Bj28Sum({ balls, size, label }: { balls: string[]; size: Size; label?: string }) {
  const r = bj28Result(balls);
  const digit = `${BALL} ${sizeCls(size)} bg-gray-200 text-gray-900`;
  return (
    <span
      className="flex flex-nowrap items-center gap-1 text-sm text-gray-700"
      aria-label={label ?? r.label}
      role="img"
      data-family="BJ28"
    >
      {balls.map((b, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a digit's place in the draw is its identity (values repeat)
        <span key={i} aria-hidden="true" className="contents">
          {i > 0 && <span>+</span>}
          <span className={digit} data-ball={b}>
            {b}
          </span>
        </span>
      ))}
      <span aria-hidden="true">=</span>
      <span
        aria-hidden="true"
        data-sum={r.sum}
        data-colour={r.colour ?? 'none'}
        className={`${BALL} ${sizeCls(size)} ${r.colour ? `${BJ28_BG[r.colour]} text-white` : 'bg-gray-500 text-white'}`}
      >
        {r.sum}
      </span>
    </span>
  );
}
