/** Form fields shared by the account routes. */
import { Type } from '@sinclair/typebox';
import { Pattern } from '../http/envelope.ts';

export const UserName = Pattern('userName', { maxLength: 20 });
export const ImageKey = Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' });
export const ImageCode = Pattern('imageCode', { maxLength: 4 });
export const Phone = Pattern('mobileWide', { maxLength: 11 });
export const Email = Pattern('mail', { maxLength: 100 });
export const VerifyCode = Pattern('smsCode', { maxLength: 4 });
export const QuestionId = Type.Integer({ minimum: 1, maximum: 1_000_000 });
/** A safety-question answer: no spaces, up to 30 characters (pattern `answer`). */
export const Answer = Pattern('answer', { maxLength: 30 });
export const Purpose = Type.Union([
  Type.Literal('bind'),
  Type.Literal('forget'),
  Type.Literal('safety'),
]);

/** Per-route limits, tighter than the global one (per client IP). */
export const LIMITS = {
  // Generous enough for an office behind one NAT and for test files that log many users in;
  // guessing one name is stopped by the per-name lock (loginGuard.ts), not by this.
  login: { rateLimit: { max: 100, timeWindow: '1 minute' } },
  register: { rateLimit: { max: 30, timeWindow: '1 minute' } },
  imageCode: { rateLimit: { max: 60, timeWindow: '1 minute' } },
  sendCode: { rateLimit: { max: 10, timeWindow: '1 minute' } },
  verify: { rateLimit: { max: 30, timeWindow: '1 minute' } },
  upload: { rateLimit: { max: 20, timeWindow: '1 minute' } },
} as const;
