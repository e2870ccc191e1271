/**
 * The lottery's payout caps under the slip and the bet confirmation (单注最高派奖 · 单期最高派奖), and a
 * warning for each ticket whose top prize is above the per-bet cap: settlement pays no more than the cap
 * (domain/lottery/caps.ts), so the player learns it before betting, not from the bet record.
 */
import { ODDS_SCALE, betGroupForRebate, type LotteryFamily } from '../../../../domain/lottery';
import { formatCapYuan, ticketTopPrizeFen } from '../../../../domain/lottery/caps';
import { formatFen, wireFen } from '../../../../domain/money';
import type { PayoutCapsInfo, PlayCatalogue } from '../api';
import { domainPlay, type Ticket } from '../ticket';

/** Odds (1/10000) of a catalogue play at the ticket's bet group: the catalogue quotes them at the user's group. */
function oddsAt(
  catalogue: PlayCatalogue,
  playDetailCode: string,
  userGroup: number,
  betGroup: number,
): Record<string, number> | null {
  const info = catalogue.groups
    .flatMap((g) => g.plays)
    .find((p) => p.playDetailCode === playDetailCode);
  if (!info) return null;
  return Object.fromEntries(
    info.tiers.map((t) => [
      t.id,
      Math.floor((Math.round(Number(t.prize) * ODDS_SCALE) * betGroup) / userGroup),
    ]),
  );
}

/** The ticket's top prize (fen) when it is above the per-bet cap, else null. */
export function topPrizeOverCap(
  t: Ticket,
  family: LotteryFamily,
  catalogue: PlayCatalogue,
  userGroup: number,
  perBetFen: number,
): number | null {
  const play = domainPlay(family, t.playDetailCode);
  if (!play) return null;
  const betGroup = betGroupForRebate(userGroup, t.rebatePermille);
  const odds =
    play.model === 'odds' ? oddsAt(catalogue, t.playDetailCode, userGroup, betGroup) : null;
  const top = ticketTopPrizeFen(play, {
    unit: t.unit,
    multiple: t.multiple,
    lines: t.lines,
    amountFen: t.amountFen,
    betGroup,
    odds,
  });
  return top !== null && top > perBetFen ? top : null;
}

/** '单注最高派奖 500万元 · 单期最高派奖 500万元（每期合计）', or null without caps (a catalogue held from before them). */
export function capsText(caps: PayoutCapsInfo | undefined): string | null {
  const perBetFen = wireFen(caps?.maxPayoutPerBet);
  const perIssueFen = wireFen(caps?.maxPayoutPerIssue);
  if (perBetFen === null || perIssueFen === null) return null;
  return `单注最高派奖 ${formatCapYuan(perBetFen)} · 单期最高派奖 ${formatCapYuan(perIssueFen)}（每期合计）`;
}

export function CapNote({
  caps,
  tickets,
  family,
  catalogue,
  userGroup,
}: {
  caps: PayoutCapsInfo | undefined;
  tickets: readonly Ticket[];
  family: LotteryFamily;
  catalogue: PlayCatalogue;
  userGroup: number;
}) {
  const perBetFen = wireFen(caps?.maxPayoutPerBet);
  const text = capsText(caps);
  if (perBetFen === null || text === null) return null;
  const over = tickets.flatMap((t) => {
    const top = topPrizeOverCap(t, family, catalogue, userGroup, perBetFen);
    return top === null ? [] : [{ t, top }];
  });
  return (
    <div
      data-testid="cap-note"
      className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-xs text-gray-800"
    >
      <p>{text}</p>
      {over.map(({ t, top }) => {
        const numbers =
          t.bettingNumber.length > 24 ? `${t.bettingNumber.slice(0, 24)}…` : t.bettingNumber;
        const cap = formatCapYuan(perBetFen);
        return (
          <p key={t.key} role="note" className="mt-1 font-medium text-red-700">
            {`${t.playName}「${numbers}」最高可中${formatFen(top)}元，超过单注最高派奖${cap}，中奖时按${cap}派奖`}
          </p>
        );
      })}
    </div>
  );
}
