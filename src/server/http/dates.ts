/**
 * Date parameters at the edge: a request's 'YYYY-MM-DD' (a Beijing day, spec 000) read through the
 * domain's one Beijing-time API; a date that is no date (2026-02-30, 2026-1-5) is refused with the
 * one message, INVALID_DATE_MSG. Filters that may ignore a bad date call parseBeijingDay directly.
 */
import { INVALID_DATE_MSG, parseBeijingDay, type BeijingDay } from '../../domain/time.ts';
import { refuse } from './envelope.ts';

/** A date parameter as the Beijing day it names, or the request is refused. */
export function requireBeijingDay(text: string): BeijingDay {
  return parseBeijingDay(text) ?? refuse(INVALID_DATE_MSG);
}
