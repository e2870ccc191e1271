/**
 * Every query key of the app, in one place: a key's first elements name the data's area, so one
 * prefix (e.g. `keys.betRecords()`) reaches every list of that area for invalidateQueries.
 * A factory called without its optional filter gives that prefix.
 */
import type { QueryKey } from '@tanstack/react-query';

/** `base`, then `arg` when given: the list under one filter, or the prefix of all of them. */
function under<const B extends readonly unknown[]>(base: B, ...args: unknown[]): QueryKey {
  const given = args.filter((a) => a !== undefined);
  return given.length ? [...base, ...given] : base;
}

export const keys = {
  /** my balance (the same answer whichever page shows it) */
  balance: () => ['balance'] as const,
  /** the enabled lotteries, in hall order (sort, then code) */
  lotteries: () => ['lotteries'] as const,
  issue: (lotteryCode: string) => ['lottery', lotteryCode, 'issue'] as const,
  results: (lotteryCode: string, size?: number) => under(['lottery', lotteryCode, 'results'], size),
  plays: (userId: number, lotteryCode: string) =>
    ['lottery', lotteryCode, 'plays', userId] as const,
  howToPlay: (lotteryCode: string) => ['lottery', lotteryCode, 'howToPlay'] as const,
  rebate: (userId: number, family: string) => ['rebate', userId, family] as const,
  /** the next `count` issues on sale, for a chase plan */
  chaseIssues: (lotteryCode: string, count: number) =>
    ['lottery', lotteryCode, 'chaseIssues', count] as const,
  /** the latest long dragons (最新长龙) */
  longDragon: () => ['lottery', 'longDragon'] as const,
  verifyDraw: (lotteryCode: string, issue: string) =>
    ['lottery', lotteryCode, 'verify', issue] as const,

  /** my bets: lists, totals and details (dragon bets are bets with source 'dragon') */
  betRecords: (filter?: unknown) => under(['records', 'bets'], filter),
  betDetail: (id?: number) => under(['records', 'bets', 'detail'], id),
  chaseRecords: (filter?: unknown) => under(['records', 'chase'], filter),
  chaseDetail: (id?: number) => under(['records', 'chase', 'detail'], id),
  /** the account statement (帐变) and the daily profit and loss */
  bill: (filter?: unknown) => under(['records', 'bill'], filter),
  profitLoss: (date?: string) => under(['records', 'profitLoss'], date),
  /** the prize group the rebate table is drawn for, per family and whether logged in */
  rebateGroup: (family?: string, loggedIn?: boolean) =>
    under(['records', 'rebateGroup'], family, loggedIn),

  rechargeOrders: (filter?: unknown) => under(['payments', 'orders'], filter),
  payChannel: (code: string) => ['payments', 'channel', code] as const,
  paySort: (userId: number) => ['payments', 'sort', userId] as const,
  paySettings: (userId: number) => ['payments', 'settings', userId] as const,

  withdrawRecords: (filter?: unknown) => under(['withdraw', 'records'], filter),
  /** what the withdraw form shows: settings, balance, turnover, cards and addresses */
  withdrawForm: () => ['withdraw', 'form'] as const,

  walletInfo: () => ['wallet', 'info'] as const,
  pledgeProducts: () => ['wallet', 'pledgeProducts'] as const,
  pledgeOrders: (filter?: unknown) => under(['wallet', 'pledgeOrders'], filter),
  pledgeDetail: (id?: number) => under(['wallet', 'pledgeOrders', 'detail'], id),
  /** interest and pledge movements of the wallet (利息宝 流水) */
  walletFlows: (filter?: unknown) => under(['wallet', 'flows'], filter),

  /** my profile pages */
  account: (
    what:
      | 'securityList'
      | 'safetyQuestions'
      | 'experience'
      | 'registerFields'
      | 'avatars'
      | 'safetyPasswordChange',
  ) => ['account', what] as const,
  cards: (what: 'banks' | 'digital' | 'bankNames' | 'nameLock') => ['cards', what] as const,
  cardDetail: (id: number) => ['cards', 'banks', id] as const,

  content: (what: string) => ['content', what] as const,
  /** chat: the room list and my private chats (unread marks) */
  chatRooms: () => ['chat', 'rooms'] as const,
  chatDirectRooms: () => ['chat', 'direct'] as const,
  /** the rooms open to visitors (/chatRoom without an account) */
  chatGuestRooms: () => ['chat', 'guestRooms'] as const,
  /** the share dialog's rooms (11 a page, domain/share/targets) */
  shareRooms: () => ['chat', 'shareRooms'] as const,
  chatUnread: () => ['chat', 'direct', 'unread'] as const,
  /** a chat view's newest messages and a room's setting, as kept for offline (query/lastAnswers.ts) */
  chatHistory: (kind: 'room' | 'direct', id: string | number) =>
    ['chat', 'history', kind, id] as const,
  chatRoom: (roomCode: string) => ['chat', 'room', roomCode] as const,
  /** my saved chat images (收藏的图片) */
  savedImages: () => ['chat', 'savedImages'] as const,
  chatDirectRoom: (roomId: number) => ['chat', 'directRoom', roomId] as const,
  /** push plans (type 10): a plan's history page with its win rates, one issue's plan record */
  planHistory: (planId: number, page?: number) => under(['chat', 'plan', planId], page),
  planRecord: (planId: number, issue: string) => ['chat', 'plan', planId, 'record', issue] as const,
  /** chat red envelopes: the send config, an envelope's detail pages, my records of the last 7 days */
  redEnvelopes: (...parts: unknown[]) => ['redEnvelope', ...parts] as const,
  siteStatus: () => ['site', 'status'] as const,
  /** the toolbar: the customer-service lines, my embedded-chat binding */
  customerService: () => ['site', 'customerService'] as const,
  embedChatBinding: () => ['chat', 'embed'] as const,
  /** activity red envelopes: the /redEnvelope list (with my claims) and the toolbar count */
  activityEnvelopes: (what?: 'list' | 'count') => under(['activity', 'redEnvelopes'], what),
  /** promotions: the list per category, one detail, my payouts (/activityinfo) */
  activities: (...parts: unknown[]) => ['activity', 'promotions', ...parts] as const,

  /** letters (站内信): ('inbox', page), ('unread') and ('detail', id) */
  letters: (...parts: unknown[]) => ['letters', ...parts] as const,
  /** the agent screens: my points, invite codes, the team list */
  agent: (...parts: unknown[]) => ['agent', ...parts] as const,
  /** the agent's team reports and records, and the player's profit rank (features/agentReport) */
  agentReports: (...parts: unknown[]) => ['agentReports', ...parts] as const,
  /** operator screens: never shared with a player's, all under 'admin' */
  admin: (...parts: unknown[]) => ['admin', ...parts] as const,
};
