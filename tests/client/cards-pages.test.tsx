/**
 * Cards screens against a stubbed network: fetch answers envelopes per real path; the rest
 * (request(), enpath, validation, hashing, session, routing) is the real client code.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import SparkMD5 from 'spark-md5';
import { BANKS } from '../../src/domain/banks';
import { currentUser } from '../../src/client/state/session';
import { editPermit } from '../../src/client/features/cards/state';
import BankCardPage from '../../src/client/features/cards/pages/BankCardPage';
import SetBankCardPage from '../../src/client/features/cards/pages/SetBankCardPage';
import VerifyBankCardPage from '../../src/client/features/cards/pages/VerifyBankCardPage';
import SetDigitalCurrencyPage from '../../src/client/features/cards/pages/SetDigitalCurrencyPage';
import { USER, callsTo, ok, refuse, stubNetwork } from './records-net';

const input = (label: string) =>
  screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const type = (label: string, value: string) =>
  fireEvent.change(input(label), { target: { value } });
const hash = (digits: string) => SparkMD5.hash(`player01${digits}`);
const at = (path: string) => window.history.replaceState(null, '', path);

const CARD = {
  id: 5,
  kind: 'bank',
  bankCode: 'ICBC',
  bankName: '中国工商银行',
  accountNo: '**** **** **** 0123',
  realName: '张**',
  branch: '北京朝阳支行',
  qrImage: '',
  createdAt: 0,
};
const LOCK = {
  locked: false,
  realName: '',
  hasSafetyPassword: true,
  bankCardCount: 0,
  maxBankCards: 5,
};

beforeEach(() => {
  currentUser.value = { ...USER };
  editPermit.value = null;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/bankCard', () => {
  it('shows the empty state with add buttons', async () => {
    at('/bankCard');
    stubNetwork({ '/v1/users/getBankCardListFront': () => ok({ list: [], maxBankCards: 5 }) });
    render(<BankCardPage />);
    expect(await screen.findByText('暂无绑定的银行卡')).toBeTruthy();
    expect(screen.getByRole('link', { name: '＋ 添加银行卡' }).getAttribute('href')).toBe(
      '/setBankcard',
    );
    expect(screen.getByRole('link', { name: '＋ 绑定支付宝账号' }).getAttribute('href')).toBe(
      '/zfbAccount',
    );
    expect(screen.getByRole('link', { name: '＋ 绑定微信账号' }).getAttribute('href')).toBe(
      '/wxAccount',
    );
  });

  it('lists masked cards and deletes one with the hashed safety password', async () => {
    at('/bankCard');
    let list = [
      CARD,
      { ...CARD, id: 6, kind: 'alipay', bankCode: '', bankName: '', accountNo: '138****78' },
    ];
    stubNetwork({
      '/v1/users/getBankCardListFront': () => ok({ list, maxBankCards: 5 }),
      '/v1/users/destructionCheckBankCard': (c) => {
        if (c.body.get('safetyPassword') !== hash('123456'))
          return refuse('资金密码错误，还可尝试4次');
        list = list.filter((x) => String(x.id) !== c.body.get('id'));
        return ok(null);
      },
    });
    render(<BankCardPage />);
    const card = await screen.findByRole('listitem', { name: '中国工商银行 **** **** **** 0123' });
    expect(screen.getByRole('listitem', { name: '支付宝 138****78' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: '修改' }).getAttribute('href')).toBe(
      '/verifyBankCard?id=5',
    );
    fireEvent.click(within(card).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认删除' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      '资金密码不能为空',
    );
    fireEvent.change(within(dialog).getByLabelText('资金密码', { selector: 'input' }), {
      target: { value: '000000' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认删除' }));
    expect(await within(dialog).findByText('资金密码错误，还可尝试4次')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('资金密码', { selector: 'input' }), {
      target: { value: '123456' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认删除' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('listitem', { name: '中国工商银行 **** **** **** 0123' }),
      ).toBeNull(),
    );
    const sent = callsTo('/v1/users/destructionCheckBankCard');
    expect(sent).toHaveLength(2);
    expect(sent[1].body.get('id')).toBe('5');
    expect(sent.map((c) => c.body.toString()).join()).not.toContain('123456');
  });
});

describe('/setBankcard', () => {
  it('sends a player without a safety password to set one first', async () => {
    at('/setBankcard');
    stubNetwork({
      '/v1/users/getFirstLockBankCard': () => ok({ ...LOCK, hasSafetyPassword: false }),
      '/v1/users/queryBankInfo': () => ok({ list: BANKS }),
    });
    render(<SetBankCardPage />);
    await waitFor(() =>
      expect(window.location.pathname + window.location.search).toBe('/findSecurityPassword'),
    );
  });

  it('validates, looks the bank up live, and binds with the hashed safety password', async () => {
    at('/setBankcard');
    stubNetwork({
      '/v1/users/getFirstLockBankCard': () => ok(LOCK),
      '/v1/users/queryBankInfo': () => ok({ list: BANKS }),
      '/v1/users/queryBankCardName': () => ok({ bankCode: 'CMB', bankName: '招商银行' }),
      '/v1/users/addBankCard': () => ok({ id: 9, bankName: '招商银行' }),
    });
    render(<SetBankCardPage />);
    fireEvent.click(await screen.findByRole('button', { name: '确认绑定' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      '开户银行不能为空',
      '银行卡号不能为空',
      '开户支行不能为空',
      '真实姓名不能为空',
      '资金密码不能为空',
    ]);
    type('银行卡号', '6225 88ab12345678');
    expect(input('银行卡号').value).toBe('622588123456789'.slice(0, 14));
    expect(await screen.findByText('所属银行：招商银行')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByLabelText('开户银行') as HTMLSelectElement).value).toBe('CMB'),
    );
    type('开户支行', '深圳分行');
    type('真实姓名', '<b>张</b>');
    type('资金密码', '123456');
    fireEvent.click(screen.getByRole('button', { name: '确认绑定' }));
    expect(await screen.findByText('真实姓名格式不正确')).toBeTruthy();
    expect(callsTo('/v1/users/addBankCard')).toHaveLength(0);
    type('真实姓名', '张三丰');
    fireEvent.click(screen.getByRole('button', { name: '确认绑定' }));
    await waitFor(() => expect(window.location.pathname).toBe('/bankCard'));
    const [sent] = callsTo('/v1/users/addBankCard');
    expect(Object.fromEntries(sent.body)).toEqual({
      bankCode: 'CMB',
      bankNumber: '62258812345678',
      realName: '张三丰',
      branch: '深圳分行',
      safetyPassword: hash('123456'),
    });
  });

  it('shows a locked name read-only and does not send it', async () => {
    at('/setBankcard');
    stubNetwork({
      '/v1/users/getFirstLockBankCard': () =>
        ok({ ...LOCK, locked: true, realName: '张**', bankCardCount: 1 }),
      '/v1/users/queryBankInfo': () => ok({ list: BANKS }),
      '/v1/users/queryBankCardName': () => ok({ bankCode: 'ICBC', bankName: '中国工商银行' }),
      '/v1/users/addBankCard': () => refuse('该银行卡已被绑定'),
    });
    render(<SetBankCardPage />);
    await screen.findByRole('button', { name: '确认绑定' });
    expect(input('真实姓名').value).toBe('张**');
    expect(input('真实姓名').disabled).toBe(true);
    type('银行卡号', '6222021234567890123');
    await waitFor(() =>
      expect((screen.getByLabelText('开户银行') as HTMLSelectElement).value).toBe('ICBC'),
    );
    type('开户支行', '北京分行');
    type('资金密码', '123456');
    fireEvent.click(screen.getByRole('button', { name: '确认绑定' }));
    expect(await screen.findByText('该银行卡已被绑定')).toBeTruthy();
    const [sent] = callsTo('/v1/users/addBankCard');
    expect(sent.body.has('realName')).toBe(false);
    expect(window.location.pathname).toBe('/setBankcard');
  });
});

describe('editing a card', () => {
  it('goes to /verifyBankCard without a permit, then edits with the permit once', async () => {
    at('/setBankcard/5');
    stubNetwork({
      '/v1/users/findUsersBankCardDetailsById': () => ok(CARD),
      '/v1/users/queryBankInfo': () => ok({ list: BANKS }),
      '/v1/users/safetyCheckBankCard': (c) =>
        c.body.get('safetyPassword') === hash('123456')
          ? ok({ verifyToken: 'T'.repeat(43), expiresInSec: 600 })
          : refuse('资金密码错误，还可尝试4次'),
      '/v1/users/updateBankCardFront': () => ok(CARD),
    });
    const first = render(<SetBankCardPage />);
    await waitFor(() =>
      expect(window.location.pathname + window.location.search).toBe('/verifyBankCard?id=5'),
    );
    first.unmount();
    render(<VerifyBankCardPage />);
    expect(await screen.findByText('中国工商银行')).toBeTruthy();
    type('资金密码', '111111');
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText('资金密码错误，还可尝试4次')).toBeTruthy();
    type('资金密码', '123456');
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await waitFor(() => expect(window.location.pathname).toBe('/setBankcard/5'));
    cleanup();
    render(<SetBankCardPage />);
    const branch = await screen.findByLabelText('开户支行', { selector: 'input' });
    expect((branch as HTMLInputElement).value).toBe('北京朝阳支行');
    expect(input('真实姓名').disabled).toBe(true);
    type('开户支行', '上海分行');
    fireEvent.click(screen.getByRole('button', { name: '保存修改' }));
    await waitFor(() => expect(window.location.pathname).toBe('/bankCard'));
    const [sent] = callsTo('/v1/users/updateBankCardFront');
    expect(Object.fromEntries(sent.body)).toEqual({
      id: '5',
      verifyToken: 'T'.repeat(43),
      bankCode: 'ICBC',
      branch: '上海分行',
    });
    expect(editPermit.value).toBeNull();
  });
});

describe('/setdigitalcurrency', () => {
  it('checks the address by its protocol and adds it with the hashed safety password', async () => {
    at('/setdigitalcurrency');
    stubNetwork({
      '/v1/users/queryDigitalCurrencyList': () =>
        ok({
          list: [],
          currencies: [{ currency: 'USDT', protocols: ['TRC20', 'ERC20'] }],
          maxAddresses: 5,
        }),
      '/v1/users/getFirstLockBankCard': () => ok(LOCK),
      '/v1/users/addDigitalCurrency': () => ok({ id: 1 }),
    });
    render(<SetDigitalCurrencyPage />);
    await screen.findByRole('button', { name: '确认添加' });
    type('钱包地址', '0x52908400098527886E0F7030069857D2E4169EE7');
    type('资金密码', '123456');
    fireEvent.click(screen.getByRole('button', { name: '确认添加' }));
    expect(await screen.findByText('钱包地址不是有效的TRC20地址')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('协议'), { target: { value: 'ERC20' } });
    fireEvent.click(screen.getByRole('button', { name: '确认添加' }));
    await waitFor(() => expect(window.location.pathname).toBe('/virtualCoin'));
    const [sent] = callsTo('/v1/users/addDigitalCurrency');
    expect(Object.fromEntries(sent.body)).toEqual({
      currency: 'USDT',
      protocol: 'ERC20',
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
      safetyPassword: hash('123456'),
    });
  });
});
