/**
 * Generic play builders. Every family catalogue is assembled from these shapes, so each closed form is
 * written once and checked once against enumeration of its elementary lines (tests/domain/lottery*).
 *
 * The builders live by responsibility: playParts.ts (the shared pieces), positionPlays.ts (lines read
 * position by position), poolPlays.ts (lines chosen from a pool or matched to a pattern) and
 * playAdjust.ts (changes to built plays); this module is the one name the catalogues import.
 */
export { WIN, once, one, row, tier, type PlayHead } from './playParts.ts';
export { directPlay, entriesPlay, valueSetPlay, windowKeyPlay } from './positionPlays.ts';
export { attrProductPlay, bankerGroupPlay, patternPlay, poolPlay } from './poolPlays.ts';
export { reprice, withRebateCap, withTiersFor } from './playAdjust.ts';
