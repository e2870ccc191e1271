/** Family names and display helpers shared by the hall, the betting page and the rules page. */
import { LOTTERY_FAMILIES, type LotteryFamily } from '../../../domain/lottery/types';
import { formatBeijing } from '../../../domain/time';

export const FAMILY_NAMES: Readonly<Record<LotteryFamily, string>> = {
  K3: '快三',
  SSC: '时时彩',
  KL8: '快乐8',
  LHC: '六合彩',
  PK10: 'PK拾',
  PL35: '排列3/5',
  SYX5: '11选5',
  FC3D: '福彩3D',
  BJ28: 'PC28',
};

export function isFamily(v: string | null | undefined): v is LotteryFamily {
  return Boolean(v) && (LOTTERY_FAMILIES as readonly string[]).includes(v!);
}

/** The domain play code inside a playDetailCode (`1008WX_ZXFS` → `WX_ZXFS`): lottery codes are 4 digits. */
export function playCodeOf(playDetailCode: string): string {
  return playDetailCode.slice(4);
}

/** Draw numbers as ball texts ("1,2,3" → ['1','2','3']). */
export function drawBalls(openNumber: string | null | undefined): string[] {
  return openNumber ? openNumber.split(/[,\s]+/).filter(Boolean) : [];
}

/** mm:ss, or h:mm:ss past an hour; never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** 'MM-DD HH:mm' in Beijing time, the draw schedule's own clock, whatever the device's zone. */
export function formatTime(ms: number): string {
  return formatBeijing(ms, 'MM-DD HH:mm');
}

/** A draw's day and time as players read a schedule, in Beijing time: '11月24日 21:30'. */
export function formatDrawDay(ms: number): string {
  const [month, day, time] = formatBeijing(ms, 'MM-DD HH:mm').split(/[- ]/);
  return `${Number(month)}月${Number(day)}日 ${time}`;
}
