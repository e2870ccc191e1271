/**
 * The red envelope as a chat message (type 3): what the send calls take (the form as JSON) and
 * what is stored and pushed ({ recordId, type, wishingRemark, num }).
 */
import { MSG, parseSendForm, type EnvelopePlan } from './rules.ts';

export type EnvelopeParsed = { ok: true; body: string } | { ok: false; msg: string };

/** The sent form's shape (not the limits, which need the sender): the body is the plan as JSON. */
export function parseEnvelopeMessage(message: string): EnvelopeParsed {
  let value: unknown;
  try {
    value = JSON.parse(message);
  } catch {
    return { ok: false, msg: MSG.format };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, msg: MSG.format };
  const v = value as Record<string, unknown>;
  const parsed = parseSendForm(
    { num: v.num, type: v.type, amount: v.amount, wishingRemark: v.wishingRemark },
    false,
  );
  return parsed.ok ? { ok: true, body: JSON.stringify(parsed.plan) } : parsed;
}

/** The plan back from a parsed body. */
export function planOf(body: string): EnvelopePlan {
  return JSON.parse(body) as EnvelopePlan;
}

/** The stored body of a type-3 message. */
export interface EnvelopeBody {
  recordId: string;
  type: number;
  wishingRemark: string;
  num: number;
}

export function envelopeBody(
  recordId: string,
  plan: Pick<EnvelopePlan, 'type' | 'wishingRemark' | 'num'>,
): string {
  const body: EnvelopeBody = {
    recordId,
    type: plan.type,
    wishingRemark: plan.wishingRemark,
    num: plan.num,
  };
  return JSON.stringify(body);
}

/** What a private-room list shows for an envelope. */
export function envelopePreview(body: string): string {
  try {
    const b = JSON.parse(body) as Partial<EnvelopeBody>;
    return `[红包]${typeof b.wishingRemark === 'string' ? b.wishingRemark : ''}`;
  } catch {
    return '[红包]';
  }
}
