/**
 * 11x5 plays added for issue 11 (lottery-rules.md §6.2b): 猜必不中 (k numbers none of which is drawn) and
 * 牛牛 (斗牛 over the five balls, niu.ts).
 */
import type { PlayDef } from './types.ts';
import { poolPlay, tier, WIN } from './builders.ts';
import { withHelp } from './buildersPlaces.ts';
import { choose, range } from './math.ts';
import { niuPlay } from './niu.ts';

const F = 'SYX5' as const;
const BALLS = range(1, 11);
const CN = ['', '一', '二', '三', '四', '五'];

/**
 * 猜必不中 k = 1…5: a line is k different numbers and wins when none of them is among the 5 drawn:
 * p = C(11 − k, 5) / C(11, 5) = 252, 126, 56, 21, 6 of 462; prize-group priced like every 11x5 play.
 */
function missPlays(): PlayDef[] {
  return range(1, 5).map((k) =>
    withHelp(
      poolPlay({
        family: F,
        code: `BBZ${k}`,
        nameZh: `猜${CN[k]}不中`,
        group: '猜必不中',
        k,
        values: BALLS,
        tiers: [tier(WIN, '中奖', choose(11 - k, 5), 462)],
        hitSet: (d) => new Set(d),
        tierOfHits: (m) => (m === 0 ? WIN : null),
      }),
      k === 1
        ? '从01–11中至少选1个号码，每个号码为一注，该号码不在开奖的5个号码中即中奖。'
        : `从01–11中至少选${k}个号码，每${k}个号码为一注，该注${k}个号码都不在开奖的5个号码中即中奖。`,
    ),
  );
}

/** 斗牛 ways over the 462 draws (as sets; the order of the balls does not matter): 无牛, 牛1…牛9, 牛牛. */
const NIU_WAYS_462 = [96, 39, 36, 40, 34, 40, 34, 40, 34, 37, 32];

export function syx5MorePlays(): PlayDef[] {
  return [
    ...missPlays(),
    niuPlay(
      F,
      'NN',
      '牛牛',
      NIU_WAYS_462,
      462,
      '开奖5个号码中任意3个之和为10的倍数即为有牛，其余2个号码之和的个位数为牛几（个位为0即牛牛）；找不到这样的3个号码为无牛。' +
        '号码按面值计（10、11分别计10、11）。选择无牛、牛1–牛9或牛牛，与开奖结果相同即中奖。',
    ),
  ];
}
