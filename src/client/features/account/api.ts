/**
 * Typed calls of the account feature (docs/api.md "Users"). Credentials are hashed here,
 * never sent in clear: callers pass the clear text and the user name the hash is salted with.
 */
import { request } from '../../api/request';
import { loginPasswordHash, safetyPasswordHash } from '../../../domain/credentials';
import type { UserInfo } from '../../state/session';
import type { GradeData } from '../../../domain/grades';

const inline = { inline: true } as const;
const U = (name: string) => `/v1/users/${name}`;

export type VerifyChannel = 'phone' | 'mail';
export type CodePurpose = 'bind' | 'forget' | 'safety';
export interface Question {
  id: number;
  question: string;
}
export interface Answers {
  questionId1: number;
  answer1: string;
  questionId2: number;
  answer2: string;
}
export interface ImageCode {
  imageKey: string;
  imageCode: string;
}
export interface SecurityRow {
  type: string;
  name: string;
  set: boolean;
  value: string;
}
export interface RegisterField {
  field: string;
  label: string;
  required: boolean;
  pattern: string | null;
}
/** /v1/users/userExperienceData: the held grade, lifetime totals, the way to the next tier, the ladder. */
export type ExperienceData = GradeData;

/** A client nonce for login (1-64 of A-Za-z0-9_.-). */
function loginNonce(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function checkUser(userName: string) {
  return request<{ exists: boolean }>('GET', U('checkUser'), { userName }, inline);
}

export function login(userName: string, password: string, code?: ImageCode) {
  return request<{ user: UserInfo }>(
    'POST',
    U('login'),
    {
      userName,
      password: loginPasswordHash(userName, password),
      random: loginNonce(),
      imageKey: code?.imageKey,
      imageCode: code?.imageCode,
    },
    inline,
  );
}

export function register(values: Record<string, string>, code?: ImageCode) {
  const { userName, password, confirmPassword, ...rest } = values;
  const optional: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(rest)) if (v) optional[k] = v;
  return request<{ user: UserInfo }>(
    'POST',
    U('register'),
    {
      ...optional,
      userName,
      password: loginPasswordHash(userName, password),
      confirmPassword: loginPasswordHash(userName, confirmPassword),
      imageKey: code?.imageKey,
      imageCode: code?.imageCode,
    },
    inline,
  );
}

export function registerFields() {
  return request<{ list: RegisterField[] }>(
    'GET',
    '/v1/management/tenant/getNewRegisterVerifyFront',
    undefined,
    inline,
  );
}

export function logout() {
  return request<null>('GET', U('logout'), undefined, inline);
}
export function userInfo() {
  return request<UserInfo>('GET', U('info'), undefined, inline);
}

export function infoUpdate(
  fields: Partial<Pick<UserInfo, 'nickName' | 'avatar' | 'gender' | 'birthday' | 'qq' | 'wechat'>>,
) {
  return request<UserInfo>('POST', U('infoUpdate'), fields, inline);
}

export function defaultAvatars() {
  return request<{ list: string[] }>('GET', U('defaultAvatar'), undefined, inline);
}

export function uploadImage(file: Blob, fileName: string) {
  const form = new FormData();
  form.append('file', file, fileName);
  return request<{ url: string }>('POST', U('uploadImage'), undefined, {
    inline: true,
    upload: form,
    timeoutMs: 60_000,
  });
}

export function securityList() {
  return request<{ list: SecurityRow[] }>('GET', U('securityList'), undefined, inline);
}
export function isChangeSafetyPassword() {
  return request<{ hasSafetyPassword: boolean }>(
    'GET',
    U('isChangeSafetyPassword'),
    undefined,
    inline,
  );
}

export function setSafetyPassword(userName: string, safetyPassword: string, loginPassword: string) {
  return request<null>(
    'POST',
    U('setSafetyPassword'),
    {
      safetyPassword: safetyPasswordHash(userName, safetyPassword),
      verifyType: 'password',
      password: loginPasswordHash(userName, loginPassword),
    },
    inline,
  );
}

export function verifySafetyPassword(userName: string, safetyPassword: string) {
  return request<{ verified: boolean }>(
    'POST',
    U('verifySafetyPassword'),
    {
      safetyPassword: safetyPasswordHash(userName, safetyPassword),
    },
    inline,
  );
}

export type SafetyResetProof =
  | { verifyType: 'oldSafety'; oldSafetyPassword: string }
  | { verifyType: 'phone' | 'mail'; code: string }
  | ({ verifyType: 'question' } & Answers);

export function resetSafetyPassword(
  userName: string,
  safetyPassword: string,
  proof: SafetyResetProof,
) {
  const extra =
    proof.verifyType === 'oldSafety'
      ? {
          verifyType: 'oldSafety',
          oldSafetyPassword: safetyPasswordHash(userName, proof.oldSafetyPassword),
        }
      : proof;
  return request<null>(
    'POST',
    U('resetSafetyPassword'),
    {
      ...extra,
      safetyPassword: safetyPasswordHash(userName, safetyPassword),
    },
    inline,
  );
}

export function resetPassword(userName: string, oldPassword: string, password: string) {
  return request<null>(
    'POST',
    U('resetPassword'),
    {
      oldPassword: loginPasswordHash(userName, oldPassword),
      password: loginPasswordHash(userName, password),
    },
    inline,
  );
}

export function verifyPassword(userName: string, password: string) {
  return request<{ verified: boolean }>(
    'POST',
    U('verifyPassword'),
    { password: loginPasswordHash(userName, password) },
    inline,
  );
}

export type ForgetProof =
  | { verifyType: VerifyChannel; code: string }
  | ({ verifyType: 'question' } & Answers);
export function forgetPassword(userName: string, proof: ForgetProof) {
  return request<{ resetToken: string }>(
    'POST',
    U('forgetPassword'),
    { userName, ...proof },
    inline,
  );
}

export function forgetPasswordReset(userName: string, resetToken: string, password: string) {
  return request<null>(
    'POST',
    U('forgetPasswordReset'),
    { resetToken, password: loginPasswordHash(userName, password) },
    inline,
  );
}

export function sendCode(
  channel: VerifyChannel,
  target: string,
  purpose: CodePurpose,
  userName?: string,
) {
  const path = channel === 'phone' ? U('sendPhoneCode') : U('sendMailCode');
  const field = channel === 'phone' ? 'phone' : 'email';
  return request<{ sent: boolean; ttlSec: number }>(
    'POST',
    path,
    { [field]: target, purpose, userName },
    inline,
  );
}

export function verifyCode(
  channel: VerifyChannel,
  target: string,
  code: string,
  purpose: CodePurpose,
) {
  const path = channel === 'phone' ? U('verifyPhoneCode') : U('verifyMailCode');
  const field = channel === 'phone' ? 'phone' : 'email';
  return request<{ verified: boolean }>('POST', path, { [field]: target, code, purpose }, inline);
}

export function safeQuestionList() {
  return request<{ list: Question[] }>('GET', U('safeQuestionList'), undefined, inline);
}

export function setSafetyQuestion(userName: string, answers: Answers, safetyPassword: string) {
  return request<null>(
    'POST',
    U('setSafetyQuestion'),
    {
      ...answers,
      safetyPassword: safetyPasswordHash(userName, safetyPassword),
    },
    inline,
  );
}

export function experienceData() {
  return request<ExperienceData>('GET', U('userExperienceData'), undefined, inline);
}

export function queryBalance() {
  return request<{ balance: string; balanceFen: number }>(
    'GET',
    '/v1/balance/queryBalanceFront',
    undefined,
    inline,
  );
}
