/**
 * Form schemas of the card calls. Field shapes the domain already names (bank number, real name,
 * credential hashes, ids) are checked here; the rest (bank, branch, accounts, addresses) are
 * bounded strings checked in the handlers by the rules of src/domain/banks.ts, so the refusals
 * carry Chinese labels.
 */
import { Type } from '@sinclair/typebox';
import { badRequest, CredentialHash, Form, Pattern } from '../http/envelope.ts';
import { Id } from '../http/schemas.ts';
import {
  BRANCH_PATTERN,
  PAY_ACCOUNT_LABEL,
  QR_IMAGE_PATTERN,
  bankByCode,
  bankCodeOf,
  payAccountPatterns,
  type Bank,
  type PayAccountKind,
  OTHER_BANK_CODE,
  OTHER_BANK_NAME,
} from '../../domain/banks.ts';

const Opt = Type.Optional;
const Loose = (max: number) => Type.String({ maxLength: max });

export const BankNumber = Pattern('bankNumber', { maxLength: 29 });
export const RealName = Pattern('realName', { maxLength: 20 });

export const IdQuery = Form({ id: Id });
export const BankNumberQuery = Form({
  bankNumber: Type.String({ pattern: '^\\d{6,29}$', maxLength: 29 }),
});
export const CheckCardForm = Form({ bankNumber: BankNumber, realName: Opt(RealName) });

const bankFields = { bankCode: Opt(Loose(20)), bankName: Opt(Loose(60)), branch: Loose(100) };
export const AddCardForm = Form({
  ...bankFields,
  bankNumber: BankNumber,
  realName: Opt(RealName),
  safetyPassword: CredentialHash,
});
export const UpdateCardForm = Form({
  id: Id,
  verifyToken: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }),
  bankCode: Opt(Loose(20)),
  bankName: Opt(Loose(60)),
  branch: Opt(Loose(100)),
  bankNumber: Opt(BankNumber),
});
export const SafetyCardForm = Form({ id: Id, safetyPassword: CredentialHash });

const payFields = {
  account: Loose(100),
  realName: Opt(RealName),
  qrImage: Opt(Loose(100)),
  safetyPassword: CredentialHash,
};
export const AddPayAccountForm = Form(payFields);
export const UpdatePayAccountForm = Form({ id: Id, ...payFields });

const digitalFields = {
  currency: Loose(20),
  protocol: Loose(20),
  address: Loose(100),
  alias: Opt(Loose(100)),
  safetyPassword: CredentialHash,
};
export const AddDigitalForm = Form(digitalFields);
export const UpdateDigitalForm = Form({ id: Id, ...digitalFields });

/**
 * The bank of a card form: by code, by name, or both (then they must agree). Names containing
 * 其他银行 map to the OTHER code and are stored as given (shown as 其他银行).
 */
export function resolveBank(bankCode: string | undefined, bankName: string | undefined): Bank {
  if (!bankCode && !bankName) badRequest('请选择开户银行');
  if (bankName !== undefined && !/^[^\u0000-\u001f\u007f<>\s]{2,30}$/.test(bankName))
    badRequest('开户银行格式不正确');
  const code = bankCode ?? bankCodeOf(bankName!);
  const bank = bankByCode(code);
  if (!bank) badRequest('不支持的开户银行');
  if (bankName !== undefined && bankCodeOf(bankName) !== code)
    badRequest('开户银行与银行代码不一致');
  if (code === OTHER_BANK_CODE) return { bankCode: code, bankName: bankName ?? OTHER_BANK_NAME };
  return bank;
}

export function checkBranch(branch: string): string {
  const text = branch.trim();
  if (text === '') badRequest('开户支行不能为空');
  if (!BRANCH_PATTERN.test(text)) badRequest('开户支行格式不正确（2到50个字符，不能包含<>）');
  return text;
}

export function checkPayAccount(kind: PayAccountKind, account: string): string {
  if (account.trim() === '') badRequest(`${PAY_ACCOUNT_LABEL[kind]}不能为空`);
  if (!payAccountPatterns[kind].test(account)) badRequest(`${PAY_ACCOUNT_LABEL[kind]}格式不正确`);
  return account;
}

export function checkQrImageShape(qrImage: string | undefined): void {
  if (qrImage !== undefined && !QR_IMAGE_PATTERN.test(qrImage))
    badRequest('收款码图片不正确，请重新上传');
}

/** The optional alias of an address: up to 20 characters of plain text. */
export function checkAlias(alias: string | undefined): string | null {
  if (alias === undefined || alias.trim() === '') return null;
  if (!/^[^\u0000-\u001f\u007f<>]{1,20}$/.test(alias.trim()))
    badRequest('备注格式不正确（最多20个字符，不能包含<>）');
  return alias.trim();
}
