/**
 * The operator console's sections, grouped as the side navigation shows them. Only keys and
 * labels: AdminPage maps a key to its panel, the user page (/admin/user/:id) links back by key.
 * The open section is the `s` query parameter of /admin, so going back from a user's page or
 * reloading keeps it.
 */
export const NAV_GROUPS = [
  {
    label: '用户',
    items: [
      { key: 'users', label: '用户' },
      { key: 'grades', label: 'VIP等级' },
    ],
  },
  { label: '代理', items: [{ key: 'agents', label: '代理' }] },
  {
    label: '财务',
    items: [
      { key: 'recharge', label: '充值审核' },
      { key: 'withdraw', label: '提现审核' },
      { key: 'adjust', label: '调账' },
      { key: 'ledger', label: '流水' },
      { key: 'channels', label: '支付渠道' },
      { key: 'withdrawSettings', label: '提现设置' },
      { key: 'pledge', label: '虚拟钱包' },
    ],
  },
  {
    label: '彩票',
    items: [
      { key: 'lottery', label: '彩票管理' },
      { key: 'plans', label: '推送计划' },
    ],
  },
  {
    label: '聊天',
    items: [
      { key: 'chat', label: '聊天室' },
      { key: 'redEnvelope', label: '红包' },
      { key: 'activityEnvelopes', label: '活动红包' },
    ],
  },
  {
    label: '内容',
    items: [
      { key: 'content', label: '内容管理' },
      { key: 'letters', label: '站内信' },
      { key: 'activities', label: '优惠活动' },
    ],
  },
  {
    label: '系统',
    items: [
      { key: 'site', label: '站点' },
      { key: 'settings', label: '站点设置' },
      { key: 'service', label: '客服设置' },
      { key: 'outbox', label: '验证码' },
      { key: 'audit', label: '操作日志' },
    ],
  },
] as const;

export type SectionKey = (typeof NAV_GROUPS)[number]['items'][number]['key'];

const ALL = NAV_GROUPS.flatMap((g) => g.items as readonly { key: SectionKey; label: string }[]);

export const DEFAULT_SECTION: SectionKey = 'users';

/** The section a `s` query value names, else the default (a stale or hand-typed link opens 用户). */
export function sectionOf(value: string | null): SectionKey {
  return ALL.find((i) => i.key === value)?.key ?? DEFAULT_SECTION;
}

export function sectionLabel(key: SectionKey): string {
  return ALL.find((i) => i.key === key)?.label ?? '';
}

export const sectionHref = (key: SectionKey) => `/admin?s=${key}`;
