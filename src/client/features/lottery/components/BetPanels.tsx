/**
 * The betting page's sheets in one lazily loaded module: they need the dialog library, which the page
 * does not load before it is ready (BettingPage asks for this module on the first tap that opens one,
 * or once the page has settled).
 */
export { ConfirmSheet, SlipSheet, SuccessSheet } from './BetSlip';
export { ChasePanel } from './ChasePanel';
// the long-dragon helper (records feature) loads only when the player opens it
export { DragonSheet } from '../../records/DragonSheet';
