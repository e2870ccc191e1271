import { describe, it, expect, beforeEach, vi } from 'vitest';
import { dispatchCode, setDispatchDeps, type DispatchDeps } from '../../src/client/api/dispatch';
import {
  SESSION_EXPIRED_MSG,
  PASSWORD_RESET_MSG,
  WALLET_FAILED_MSG,
} from '../../src/domain/errors';

let log: string[];
let lastLogin = 0;
let now = 100_000;
function deps(): DispatchDeps {
  return {
    navigate: (p) => {
      log.push(`nav ${p}`);
    },
    currentPath: () => '/securityCenter?x=1',
    clearUser: async () => {
      log.push('clear');
    },
    storeLoginMessage: (m) => {
      log.push(`store ${m}`);
    },
    alert: async (t) => {
      log.push(`alert ${t}`);
    },
    confirm: async (t) => {
      log.push(`confirm ${t}`);
      return true;
    },
    toast: (t) => {
      log.push(`toast ${t}`);
    },
    lastLoginAt: () => lastLogin,
    now: () => now,
    sleep: async (ms) => {
      log.push(`sleep ${ms}`);
    },
  };
}
const LOGIN = `nav /login?redirect=${encodeURIComponent('/securityCenter?x=1')}`;

beforeEach(() => {
  log = [];
  lastLogin = 0;
  now = 100_000;
  setDispatchDeps(deps());
});

describe('dispatcher', () => {
  it.each([0, -91])(
    'code %i clears the user and goes to login with the expired message',
    async (code) => {
      await dispatchCode(code, 'x');
      expect(log).toEqual(['clear', `toast ${SESSION_EXPIRED_MSG}`, LOGIN]);
    },
  );
  it('PASSWORD_RESET (-99) shows the reset message', async () => {
    const { ResponseCode } = await import('../../src/domain/errors');
    await dispatchCode(ResponseCode.PASSWORD_RESET, '');
    expect(log).toEqual(['clear', `toast ${PASSWORD_RESET_MSG}`, LOGIN]);
  });
  it('forced logout stores the message for the login page', async () => {
    const { ResponseCode } = await import('../../src/domain/errors');
    await dispatchCode(ResponseCode.FORCED_LOGOUT, '您已被管理员强制下线');
    expect(log).toEqual(['clear', 'store 您已被管理员强制下线', LOGIN]);
  });
  it.each([
    [-7, '/maintain'],
    [-12, '/websiteClosed'],
    [-19, '/noservice'],
  ])('%i goes to %s, remembering where the player was going', async (code, path) => {
    await dispatchCode(code, '');
    expect(log).toEqual([`nav ${path}?redirect=${encodeURIComponent('/securityCenter?x=1')}`]);
  });
  it('on a status page, stays (or moves to another) keeping the redirect', async () => {
    const onMaintain = '/maintain?redirect=%2FlotteryHall';
    setDispatchDeps({ ...deps(), currentPath: () => onMaintain });
    await dispatchCode(-7, '');
    expect(log).toEqual([]);
    await dispatchCode(-12, '');
    expect(log).toEqual(['nav /websiteClosed?redirect=%2FlotteryHall']);
  });
  it('-5 asks for confirmation', async () => {
    await dispatchCode(-5, '确认继续？');
    expect(log).toEqual(['confirm 确认继续？']);
  });
  it('-98 alert waits 2 s right after login, not otherwise', async () => {
    lastLogin = now - 500;
    await dispatchCode(-98, '系统公告');
    expect(log).toEqual(['sleep 2000', 'alert 系统公告']);
    log = [];
    lastLogin = now - 5000;
    await dispatchCode(-98, '系统公告');
    expect(log).toEqual(['alert 系统公告']);
  });
  it.each([
    [-110004, '/index'],
    [-110005, '/accountTotal'],
  ])('%i alerts 操作失敗 then goes to %s', async (code, path) => {
    await dispatchCode(code, 'whatever');
    expect(log).toEqual([`alert ${WALLET_FAILED_MSG}`, `nav ${path}`]);
  });
  it('silent codes do nothing; -3058..-3066 only with a message', async () => {
    const { ResponseCode } = await import('../../src/domain/errors');
    await dispatchCode(ResponseCode.SILENT, 'x');
    await dispatchCode(-3060, '');
    expect(log).toEqual([]);
    await dispatchCode(-3060, '彩种已停售');
    expect(log).toEqual(['alert 彩种已停售']);
  });
  it('plain errors alert, but not inline', async () => {
    await dispatchCode(-1, '用户名或密码错误', { inline: true });
    expect(log).toEqual([]);
    await dispatchCode(-1, '用户名或密码错误');
    expect(log).toEqual(['alert 用户名或密码错误']);
  });
  it('inline still runs relogin', async () => {
    await dispatchCode(0, '', { inline: true });
    expect(log[0]).toBe('clear');
    expect(log.at(-1)).toBe(LOGIN);
    vi.restoreAllMocks();
  });
});
