/** The error catalogue: every row of spec 000 section 8 maps to its client behaviour. */
import { describe, expect, it } from 'vitest';
import {
  actionForCode,
  PASSWORD_RESET_MSG,
  ResponseCode,
  SESSION_EXPIRED_MSG,
  WALLET_FAILED_MSG,
} from '../../src/domain/errors.ts';

describe('actionForCode', () => {
  it('1 is success', () => {
    expect(actionForCode(1, '成功')).toEqual({ kind: 'ok' });
  });

  it.each([0, -91])('%i: the expired-login message, then /login', (code) => {
    expect(SESSION_EXPIRED_MSG).toBe('由于登录验证过期，已自动退出，需要重新登录！');
    expect(actionForCode(code, 'server text')).toEqual({
      kind: 'relogin',
      message: SESSION_EXPIRED_MSG,
      clearUser: true,
      expired: true,
    });
  });

  it('-99: the password-reset message, then /login', () => {
    expect(PASSWORD_RESET_MSG).toBe('密码已重新设置，有疑问请联系客服');
    expect(actionForCode(-99, 'x')).toEqual({
      kind: 'relogin',
      message: PASSWORD_RESET_MSG,
      clearUser: true,
    });
  });

  it('-49: the server message, then /login', () => {
    expect(actionForCode(-49, '账号已冻结')).toEqual({
      kind: 'relogin',
      message: '账号已冻结',
      clearUser: true,
    });
  });

  it.each([-6, -8, -11, -33])('%i: clear the user, store the message, go to /login', (code) => {
    expect(actionForCode(code, '被踢下线')).toEqual({
      kind: 'relogin',
      message: '被踢下线',
      clearUser: true,
      storeMessage: true,
    });
  });

  it.each([
    [-7, '/maintain'],
    [-12, '/websiteClosed'],
    [-19, '/noservice'],
  ])('%i: the page %s', (code, path) => {
    expect(actionForCode(code, 'x')).toEqual({ kind: 'page', path });
  });

  it('-5: a confirm dialog with the server message', () => {
    expect(actionForCode(-5, '确定继续吗')).toEqual({ kind: 'confirm', message: '确定继续吗' });
  });

  it('-98: an alert, delayed 2 s right after login', () => {
    expect(actionForCode(-98, '通知')).toEqual({
      kind: 'alert',
      message: '通知',
      delayAfterLoginMs: 2000,
    });
  });

  it('-110004: 操作失敗 then /index; -110005: 操作失敗 then /accountTotal', () => {
    expect(WALLET_FAILED_MSG).toBe('操作失敗');
    expect(actionForCode(-110004, 'x')).toEqual({
      kind: 'alertThen',
      message: '操作失敗',
      path: '/index',
    });
    expect(actionForCode(-110005, 'x')).toEqual({
      kind: 'alertThen',
      message: '操作失敗',
      path: '/accountTotal',
    });
  });

  it.each([-3, -30, -41, -110006])('%i: passed through silently', (code) => {
    expect(actionForCode(code, '任何消息')).toEqual({ kind: 'silent' });
  });

  it('-40 (a bet result): the global loading state', () => {
    expect(actionForCode(-40, '')).toMatchObject({ kind: 'loading' });
  });

  it.each([-3058, -3060, -3066])('%i: the message only when one is present', (code) => {
    expect(actionForCode(code, '提示')).toEqual({ kind: 'alert', message: '提示' });
    expect(actionForCode(code, '')).toEqual({ kind: 'silent' });
    expect(actionForCode(code, undefined)).toEqual({ kind: 'silent' });
  });

  it.each([-1, -2, -3057, -3067, -100, 2, 500])(
    '%i (any other): the server message in an alert',
    (code) => {
      expect(actionForCode(code, '服务器消息')).toEqual({ kind: 'alert', message: '服务器消息' });
    },
  );

  it('any other code without a message still alerts in Chinese', () => {
    expect(actionForCode(-1, undefined)).toEqual({ kind: 'alert', message: '操作失败' });
  });

  it('names every code of the catalogue once', () => {
    const values = Object.values(ResponseCode);
    expect(new Set(values).size).toBe(values.length);
    for (const code of [
      1, 0, -91, -99, -49, -6, -8, -11, -33, -7, -12, -19, -5, -98, -110004, -110005, -3, -30, -40,
      -41, -110006,
    ]) {
      expect(values).toContain(code);
    }
  });
});
