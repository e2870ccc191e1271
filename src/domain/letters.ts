/**
 * Letters (站内信) and their rules, shared by the server (sendLetter, the operator's form) and the
 * operator panel: who a letter is for, what kind a player sees it as, and what its text may hold.
 * A letter is plain text: line breaks are kept, angle brackets are refused, so no letter can ever
 * carry markup into a page (the same rule as notices, server/site/text.ts).
 */
import { hasControlChars } from './controlChars.ts';
import { GRADES } from './grades.ts';
import { formatFen } from './money.ts';

export const LETTER_TITLE_MAX = 60;
export const LETTER_CONTENT_MAX = 5000;
/** deleteMessage takes at most this many ids at once */
export const LETTER_DELETE_MAX = 100;

/** Who a letter is addressed to: one player, every player of a grade, or everyone. */
export type LetterTo = { userId: number } | { grade: number } | { all: true };
export type LetterAudience = 'user' | 'grade' | 'all';

/** The `messageType` of the player calls: what the inbox shows a letter as. */
export const MessageType = {
  /** addressed to this player alone (个人消息) */
  PERSONAL: 1,
  /** to a grade or to everyone (系统消息) */
  SYSTEM: 2,
} as const;
export type MessageTypeValue = (typeof MessageType)[keyof typeof MessageType];

export function messageTypeOf(audience: LetterAudience): MessageTypeValue {
  return audience === 'user' ? MessageType.PERSONAL : MessageType.SYSTEM;
}

export const MESSAGE_TYPE_NAMES: Record<MessageTypeValue, string> = {
  1: '个人消息',
  2: '系统消息',
};

export function audienceOf(to: LetterTo): LetterAudience {
  return 'userId' in to ? 'user' : 'grade' in to ? 'grade' : 'all';
}

/** Whether `grade` is one of the site's grades (domain/grades.ts). */
export function isKnownGrade(grade: number): boolean {
  return GRADES.some((g) => g.grade === grade);
}

/** 'VIP3 黄金': how the operator's list and form name a grade. */
export function gradeLabel(grade: number): string {
  const g = GRADES.find((x) => x.grade === grade);
  return g ? `VIP${g.grade} ${g.name}` : `VIP${grade}`;
}

/** A title or content may hold no markup and no control characters (line breaks only in content). */
const ANGLE = /[<>]/;

/** The first thing wrong with a letter's text, in Chinese, or null when it can be sent. */
export function letterTextProblem(title: string, content: string): string | null {
  const t = title.trim();
  const c = content.trim();
  if (!t) return '请填写标题';
  if (!c) return '请填写内容';
  if (t.length > LETTER_TITLE_MAX) return `标题最多${LETTER_TITLE_MAX}个字`;
  if (c.length > LETTER_CONTENT_MAX) return `内容最多${LETTER_CONTENT_MAX}个字`;
  if (ANGLE.test(t) || ANGLE.test(c)) return '标题和内容不能包含尖括号（< >）';
  if (hasControlChars(t) || hasControlChars(c, true)) return '标题和内容不能包含控制字符';
  return null;
}

/** An operator's free text inside a site letter: markup and control characters become spaces. */
function plainRemark(remark: string | null | undefined): string {
  const kept = [...(remark ?? '')].map((ch) =>
    ch === '<' || ch === '>' || hasControlChars(ch) ? ' ' : ch,
  );
  return kept.join('').trim().slice(0, 200);
}

/**
 * The letters the site sends a player when the operator decides one of their money orders, in the
 * decision's own transaction (amounts in fen, shown in yuan). Plain text, within letterTextProblem.
 */
export const moneyOrderLetter = {
  rechargeApproved: (orderNo: string, amountFen: number) => ({
    title: '充值已到账',
    content: `您的充值订单 ${orderNo} 已审核通过，${formatFen(amountFen)} 元已存入您的账户。`,
  }),
  rechargeRejected: (orderNo: string, amountFen: number, remark: string | null) => ({
    title: '充值未通过审核',
    content: `您的充值订单 ${orderNo}（${formatFen(amountFen)} 元）未通过审核${plainRemark(remark) ? `，原因：${plainRemark(remark)}` : ''}。如有疑问请联系客服。`,
  }),
  withdrawPaid: (orderNo: string, amountFen: number, feeFen: number) => ({
    title: '提现已出款',
    content: `您的提现订单 ${orderNo} 已出款 ${formatFen(amountFen - feeFen)} 元${feeFen > 0 ? `（手续费 ${formatFen(feeFen)} 元）` : ''}，请留意收款账户。`,
  }),
  withdrawRejected: (orderNo: string, amountFen: number, remark: string | null) => ({
    title: '提现已驳回',
    content: `您的提现订单 ${orderNo} 已驳回${plainRemark(remark) ? `，原因：${plainRemark(remark)}` : ''}，${formatFen(amountFen)} 元已退回您的账户。`,
  }),
} as const;
