/** Tier probabilities under a lottery's rule flags (PlayDef.tiersFor). */
import type { PlayDef, RuleFlags, TierDef } from './types.ts';

/**
 * A play's tiers under the lottery's rule flags: odds quoted from them (R / p, R the tier's class return
 * scaled by G_bet / G_cap) and prizes paid from them return exactly R, or G/2000, on resolved stake whichever
 * tie rule the operator picked.
 */
export function tiersUnder(play: PlayDef, flags: RuleFlags): readonly TierDef[] {
  return play.tiersFor ? play.tiersFor(flags) : play.tiers;
}
