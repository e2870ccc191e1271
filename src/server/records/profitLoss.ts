/**
 * The day's profit and loss (/PLstatement), read from the per-user daily roll-up (user_daily,
 * migration 032) and the pending stakes, as the agent reports read them: one rule for both, written
 * in src/domain/agent/reportFigures.ts, whose columns are src/domain/figures.ts's.
 *
 * A player's holdings are their main wallet, withdrawal hold, virtual wallet and pledge escrow.
 * Each of their transfers of the day counts by its effect on those holdings: + when money came in
 * from outside (the house, another player, an envelope escrow), − when it went out, 0 when it only
 * moved between two of their own accounts (a withdrawal put on hold, a transfer into the virtual
 * wallet, a pledge). The day's figure of each type code is then assigned to one category, so
 * a withdrawal counts on the day it is paid (the hold leaving for the house), not when requested, and
 * a rejected one counts nothing.
 *
 * profit = prize − settled stake + rebate + activity + red envelopes + virtual-wallet income + other
 * (the screen's columns, domain/figures.ts); stakes still awaiting their draw are pendingBetAmount,
 * apart. So the change of the holdings = recharge − withdraw + profit − pending.
 */
import { moneyFigures } from '../../domain/agent/reportFigures.ts';
import { formatFen } from '../../domain/money.ts';
import type { Sql } from '../db/client.ts';
import { sumsOfUser } from '../reports/rollups.ts';
import type { DayRange } from '../http/dates.ts';

export {
  categoryOf,
  PL_CATEGORY_CODES,
  type PlCategory,
} from '../../domain/agent/reportFigures.ts';

export async function profitLoss(sql: Sql, userId: number, r: DayRange) {
  const f = moneyFigures(await sumsOfUser(sql, userId, r));
  return {
    date: r.startDate,
    rechargeAmount: formatFen(f.rechargeFen),
    // outflows reported as positive amounts
    withdrawAmount: formatFen(f.withdrawFen),
    betAmount: formatFen(f.betFen),
    pendingBetAmount: formatFen(f.pendingBetFen),
    prizeAmount: formatFen(f.prizeFen),
    rebateAmount: formatFen(f.rebateFen),
    activityAmount: formatFen(f.activityFen),
    redEnvelopeAmount: formatFen(f.redEnvelopeFen),
    walletIncome: formatFen(f.walletFen),
    otherAmount: formatFen(f.otherFen),
    profit: formatFen(f.profitFen),
  };
}
