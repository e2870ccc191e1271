/**
 * The tenant's configuration (settings key `tenant_config`) and which register fields are
 * required (settings key `register_verify`). The account feature reads the same key through
 * `getRegisterVerify` when it validates a register form, so the form and the check agree.
 */
import type { PatternName } from '../../domain/validation.ts';
import { SERVICE_WINDOW } from '../../domain/constants.ts';
import type { Sql } from '../db/client.ts';
import { getSetting } from './settings.ts';

export const TENANT_CONFIG_KEY = 'tenant_config';
export const REGISTER_VERIFY_KEY = 'register_verify';

export interface TenantConfig {
  tenantName: string;
  embedChatEnabled: boolean;
  supportWidth: number;
  supportHeight: number;
  yuebaoEnable: boolean;
  registerImageCode: boolean;
  loginImageCodeAfterFailures: number;
  /** the partner chat's page shown by the toolbar's 嵌入聊天 entry (an https URL, or '') */
  embedChatUrl: string;
  /** the origin of embedChatUrl: the only origin whose messages the bridge accepts */
  embedChatPartnerOrigin: string;
}

export const DEFAULT_TENANT_CONFIG: TenantConfig = {
  tenantName: '鸿运彩票',
  embedChatEnabled: false,
  supportWidth: SERVICE_WINDOW.widthPx,
  supportHeight: SERVICE_WINDOW.heightPx,
  yuebaoEnable: true,
  registerImageCode: true,
  loginImageCodeAfterFailures: 3,
  embedChatUrl: '',
  embedChatPartnerOrigin: '',
};

/** Each flag: the field is required at register. */
export interface RegisterVerify {
  imageCode: boolean;
  phone: boolean;
  email: boolean;
  qq: boolean;
  realName: boolean;
  inviteCode: boolean;
}

export const DEFAULT_REGISTER_VERIFY: RegisterVerify = {
  imageCode: true,
  phone: false,
  email: false,
  qq: false,
  realName: false,
  inviteCode: false,
};

export function getTenantConfig(sql: Sql): Promise<TenantConfig> {
  return getSetting(sql, TENANT_CONFIG_KEY, DEFAULT_TENANT_CONFIG);
}

/**
 * The embedded-chat partner's origin that pages may frame (http/securityHeaders.ts), or undefined
 * while the embedded chat is off or has no partner.
 */
export async function embedPartnerOrigin(sql: Sql): Promise<string | undefined> {
  const t = await getTenantConfig(sql);
  return t.embedChatEnabled && t.embedChatPartnerOrigin ? t.embedChatPartnerOrigin : undefined;
}

/**
 * What register requires today. The image code is required only when both the register setting
 * and `tenant_config.registerImageCode` ask for it (the operator's 站点设置 writes both), so the
 * form served to the client and the server's check read the same answer.
 */
export async function getRegisterVerify(sql: Sql): Promise<RegisterVerify> {
  const [verify, tenant] = await Promise.all([
    getSetting(sql, REGISTER_VERIFY_KEY, DEFAULT_REGISTER_VERIFY),
    getTenantConfig(sql),
  ]);
  return { ...verify, imageCode: verify.imageCode && tenant.registerImageCode };
}

export interface RegisterField {
  field: string;
  label: string;
  required: boolean;
  /** the domain pattern the field must match (src/domain/validation.ts), or null */
  pattern: PatternName | null;
}

/** The register form's fields in display order, with what is required today. */
export function registerFields(v: RegisterVerify): RegisterField[] {
  return [
    { field: 'userName', label: '用户名', required: true, pattern: 'userName' },
    { field: 'password', label: '密码', required: true, pattern: 'password' },
    { field: 'confirmPassword', label: '确认密码', required: true, pattern: 'password' },
    { field: 'realName', label: '真实姓名', required: v.realName, pattern: 'realName' },
    { field: 'phone', label: '手机号码', required: v.phone, pattern: 'mobile' },
    { field: 'email', label: '邮箱', required: v.email, pattern: 'mail' },
    { field: 'qq', label: 'QQ', required: v.qq, pattern: 'qq' },
    { field: 'inviteCode', label: '邀请码', required: v.inviteCode, pattern: null },
    { field: 'imageCode', label: '验证码', required: v.imageCode, pattern: 'imageCode' },
  ];
}
