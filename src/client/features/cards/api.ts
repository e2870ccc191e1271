/**
 * Typed calls of the cards feature (docs/cards.md). The safety password is hashed here with the
 * user name (spec 000 §5); callers pass the clear 6 digits, which never leave the page.
 */
import { request } from '../../api/request';
import { safetyPasswordHash } from '../../../domain/credentials';
import type { Bank, PayAccountKind } from '../../../domain/banks';

const inline = { inline: true } as const;
const U = (name: string) => `/v1/users/${name}`;

export type CardKind = 'bank' | 'alipay' | 'weixin';
export interface Card {
  id: number;
  kind: CardKind;
  bankCode: string;
  bankName: string;
  accountNo: string;
  realName: string;
  branch: string;
  qrImage: string;
  createdAt: number;
}
export interface NameLock {
  locked: boolean;
  realName: string;
  hasSafetyPassword: boolean;
  bankCardCount: number;
  maxBankCards: number;
}
export interface DigitalAddress {
  id: number;
  currency: string;
  protocol: string;
  address: string;
  alias: string;
  createdAt: number;
}
export interface DigitalList {
  list: DigitalAddress[];
  currencies: { currency: string; protocols: string[] }[];
  maxAddresses: number;
}

export const cardList = () =>
  request<{ list: Card[]; maxBankCards: number }>(
    'GET',
    U('getBankCardListFront'),
    undefined,
    inline,
  );
export const cardDetail = (id: number) =>
  request<Card>('GET', U('findUsersBankCardDetailsById'), { id }, inline);
export const bankOfNumber = (bankNumber: string) =>
  request<Bank>('GET', U('queryBankCardName'), { bankNumber }, inline);
export const bankList = () =>
  request<{ list: Bank[] }>('GET', U('queryBankInfo'), undefined, inline);
export const nameLock = () =>
  request<NameLock>('GET', U('getFirstLockBankCard'), undefined, inline);

export interface CardForm {
  bankCode: string;
  bankNumber: string;
  realName?: string;
  branch: string;
}

export function checkCard(bankNumber: string, realName?: string) {
  return request<Bank>('POST', U('checkBankCard'), { bankNumber, realName }, inline);
}

export function addCard(userName: string, form: CardForm, safetyPassword: string) {
  return request<{ id: number; bankName: string }>(
    'POST',
    U('addBankCard'),
    {
      ...form,
      safetyPassword: safetyPasswordHash(userName, safetyPassword),
    },
    inline,
  );
}

export function safetyCheckCard(userName: string, id: number, safetyPassword: string) {
  return request<{ verifyToken: string; expiresInSec: number }>(
    'POST',
    U('safetyCheckBankCard'),
    {
      id,
      safetyPassword: safetyPasswordHash(userName, safetyPassword),
    },
    inline,
  );
}

export function updateCard(id: number, verifyToken: string, form: Partial<CardForm>) {
  return request<Card>('POST', U('updateBankCardFront'), { id, verifyToken, ...form }, inline);
}

export function deleteCard(userName: string, id: number, safetyPassword: string) {
  return request<null>(
    'POST',
    U('destructionCheckBankCard'),
    { id, safetyPassword: safetyPasswordHash(userName, safetyPassword) },
    inline,
  );
}

export interface PayAccountForm {
  account: string;
  realName?: string;
  qrImage?: string;
}
const PAY_PATHS: Record<PayAccountKind, [string, string]> = {
  alipay: ['addAlipay', 'updateAlipay'],
  weixin: ['addWeixin', 'updateWeixin'],
};

export function savePayAccount(
  kind: PayAccountKind,
  userName: string,
  id: number | null,
  form: PayAccountForm,
  safetyPassword: string,
) {
  const [add, update] = PAY_PATHS[kind];
  const body = { ...form, safetyPassword: safetyPasswordHash(userName, safetyPassword) };
  return request<Card>(
    'POST',
    U(id === null ? add : update),
    id === null ? body : { id, ...body },
    inline,
  );
}

export const digitalList = () =>
  request<DigitalList>('GET', U('queryDigitalCurrencyList'), undefined, inline);

export interface DigitalForm {
  currency: string;
  protocol: string;
  address: string;
  alias?: string;
}
export function saveDigital(
  userName: string,
  id: number | null,
  form: DigitalForm,
  safetyPassword: string,
) {
  const body = { ...form, safetyPassword: safetyPasswordHash(userName, safetyPassword) };
  return request<DigitalAddress>(
    'POST',
    U(id === null ? 'addDigitalCurrency' : 'updateDigitalCurrency'),
    id === null ? body : { id, ...body },
    inline,
  );
}

export function deleteDigital(userName: string, id: number, safetyPassword: string) {
  return request<null>(
    'POST',
    U('deleteDigitalCurrency'),
    { id, safetyPassword: safetyPasswordHash(userName, safetyPassword) },
    inline,
  );
}
