/**
 * Guest identities in chat (spec 001 section 6): a guest who may speak (the room's 游客可发言)
 * carries a server-issued id. In messages, mutes and pushes its `userId` is `g<id>`, so it never
 * meets a member's numeric id; its name is 游客 and four digits, masked like every other name.
 */
export const GUEST_ID_PREFIX = 'g';
const GUEST_WIRE_ID = /^g(\d{1,16})$/;

export function guestWireId(guestId: number): string {
  return `${GUEST_ID_PREFIX}${guestId}`;
}

/** The guest id of a wire id (`g12` → 12), or null for a member's id or anything else. */
export function guestIdOf(wireId: string): number | null {
  const m = GUEST_WIRE_ID.exec(wireId);
  return m ? Number(m[1]) : null;
}

export function isGuestWireId(wireId: string): boolean {
  return GUEST_WIRE_ID.test(wireId);
}

/** 游客 and the last four digits of the id (display only; the id is the identity). */
export function guestName(guestId: number): string {
  return `游客${String(guestId % 10_000).padStart(4, '0')}`;
}

/**
 * How a manager's account search (getBanFront) names a guest: its id (`g12`), its list name
 * (`游客0012`) or the masked name shown in messages (`游客***2`, a LIKE pattern: several guests may
 * share it); null when the text names no guest.
 */
export function guestSearch(target: string): { guestId: number } | { namePattern: string } | null {
  const t = target.trim();
  const id = guestIdOf(t);
  if (id !== null) return { guestId: id };
  if (/^游客\d{4}$/.test(t)) return { namePattern: t };
  const masked = /^游客\*\*\*(\d)$/.exec(t);
  return masked ? { namePattern: `游客___${masked[1]}` } : null;
}

/** A guest needs the room's guest code and the operator's guest-chat switch to send. */
export const GUEST_REGISTER_MSG = '请先注册';
/** identities one address may be issued per hour */
export const GUEST_ISSUES_PER_IP_HOUR = 20;
