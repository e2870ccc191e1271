/**
 * The agent pages a menu may offer (user centre, /agentIntro). Only pages this build's route table
 * has are listed, so every entry opens a built page (the team reports arrive with their own routes).
 */
import { findRoute, routes } from '../../routes';
import type { MenuRow } from '../account/components/MenuList';

export interface AgentPage {
  href: string;
  label: string;
  desc: string;
}

export const AGENT_PAGES: readonly AgentPage[] = [
  { href: '/agentReport', label: '代理报表', desc: '团队投注、中奖、返点、充提与盈亏' },
  { href: '/lowerReport', label: '下级报表', desc: '每个直属下级的团队数据，逐级查看' },
  { href: '/agentMember', label: '团队成员', desc: '在线状态、余额、返点，逐级查看' },
  { href: '/manageIcode/agentCode', label: '邀请码管理', desc: '生成代理或会员邀请码与注册链接' },
  { href: '/manageInvite', label: '开户中心', desc: '直接为下级开设账号' },
  { href: '/agentBetRecord', label: '团队投注', desc: '团队成员的彩票投注记录' },
  { href: '/agentChessRecord', label: '团队棋牌', desc: '团队成员的棋牌记录' },
  { href: '/agentBillRecord', label: '团队账变', desc: '团队成员的账变记录' },
];

/** The agent pages the route table has. */
export function builtAgentPages(): AgentPage[] {
  return AGENT_PAGES.filter((p) => findRoute(p.href, routes) !== null);
}

/** The user centre's 代理 menu: an agent's pages; for anyone else the page that says how to become one. */
export function agentMenu(isAgent: boolean): MenuRow[] {
  const intro: MenuRow = {
    href: '/agentIntro',
    label: isAgent ? '代理中心' : '成为代理',
    detail: isAgent ? undefined : '了解代理',
  };
  return isAgent
    ? [intro, ...builtAgentPages().map((p) => ({ href: p.href, label: p.label }))]
    : [intro];
}
