/** The Chinese names of the rebate families (domain/agent/points.ts REBATE_FAMILIES) on operator screens. */
import type { RebateFamily } from '../../../../domain/agent/points';

export const FAMILY_LABELS: Readonly<Record<RebateFamily, string>> = {
  K3: '快三',
  SSC: '时时彩',
  KL8: '快乐8',
  LHC: '六合彩',
  PK10: 'PK10',
  PL35: '排列三/五',
  SYX5: '11选5',
  FC3D: '福彩3D',
  BJ28: 'PC28',
  GAME: '棋牌',
};
