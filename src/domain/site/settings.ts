/**
 * The operator's site settings (/admin 站点设置): which register fields are required, the login
 * image-code threshold, the tenant name and the feature flags. The admin form and the server check
 * the same rules here, so the operator sees the server's message before saving.
 */
import { LOGIN_MAX_FAILURES } from '../constants.ts';

/** The register fields an operator can make required, with their labels. */
export const REGISTER_REQUIREMENTS = [
  { key: 'imageCode', label: '图形验证码' },
  { key: 'phone', label: '手机号码' },
  { key: 'email', label: '邮箱' },
  { key: 'qq', label: 'QQ' },
  { key: 'realName', label: '真实姓名' },
  { key: 'inviteCode', label: '邀请码' },
] as const;
export type RegisterRequirement = (typeof REGISTER_REQUIREMENTS)[number]['key'];

export const TENANT_NAME_MAX_CHARS = 20;
/**
 * Failed logins before the image code is asked: 0 asks at every login; at LOGIN_MAX_FAILURES the
 * name is locked instead, so a larger threshold would never ask at all.
 */
export const LOGIN_IMAGE_CODE_MAX = LOGIN_MAX_FAILURES - 1;

export function tenantNameProblem(name: string): string | null {
  const t = name.trim();
  if (!t) return '站点名称不能为空';
  if ([...t].length > TENANT_NAME_MAX_CHARS) return `站点名称最多${TENANT_NAME_MAX_CHARS}个字`;
  // shown in every page title: plain text only (control characters are refused for every field)
  if (/[<>]/.test(t)) return '站点名称不能包含<或>';
  return null;
}

export function loginImageCodeProblem(value: number): string | null {
  if (!Number.isInteger(value) || value < 0 || value > LOGIN_IMAGE_CODE_MAX) {
    return `登录验证码阈值须为0到${LOGIN_IMAGE_CODE_MAX}之间的整数`;
  }
  return null;
}
