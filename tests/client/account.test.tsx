/**
 * Account pages against a stubbed network: fetch answers {code,msg,data} envelopes, the rest
 * (request(), enpath, validation, hashing, session state, routing) is the real client code.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import SparkMD5 from 'spark-md5';
import { decodeEnpathUrl } from '../../src/domain/enpath';
import { currentUser } from '../../src/client/state/session';
import LoginPage from '../../src/client/features/account/pages/LoginPage';
import RegisterPage from '../../src/client/features/account/pages/RegisterPage';

interface Call {
  path: string;
  method: string;
  query: URLSearchParams;
  body: URLSearchParams;
}
type Handler = (c: Call) => { code: number; msg: string; data: unknown };

const USER = {
  userId: 7,
  userName: 'player01',
  nickName: '',
  avatar: '',
  grade: 0,
  agent: false,
  operator: false,
  isLogin: true,
  rebateupdatedAt: 0,
  userHasDigitalPay: false,
  realName: '',
  phone: '',
  email: '',
  qq: '',
  wechat: '',
  gender: 0,
  birthday: '',
  hasSafetyPassword: false,
  hasSafetyQuestion: false,
  experience: 0,
  createdAt: 0,
};

let calls: Call[] = [];
function stubNetwork(handlers: Record<string, Handler>) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const decoded = decodeEnpathUrl(String(url));
      const path = decoded?.realPath ?? String(url);
      const call = {
        path,
        method: init.method ?? 'GET',
        query: new URLSearchParams(decoded?.query ?? ''),
        body: new URLSearchParams(typeof init.body === 'string' ? init.body : ''),
      };
      calls.push(call);
      const handler = handlers[path];
      const env = handler ? handler(call) : { code: -1, msg: `unexpected ${path}`, data: null };
      return new Response(JSON.stringify(env), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
}
const callsTo = (path: string) => calls.filter((c) => c.path === path);
const input = (label: string) =>
  screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const type = (label: string, value: string) =>
  fireEvent.change(input(label), { target: { value } });

beforeEach(() => {
  currentUser.value = null;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('shows the domain validation messages and sends nothing when the form is invalid', async () => {
    window.history.replaceState(null, '', '/login');
    stubNetwork({});
    render(<LoginPage />);
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['用户名不能为空', '密码不能为空']);
    type('用户名', 'ab');
    type('密码', '123');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
        '用户名格式不正确',
        '密码格式不正确',
      ]),
    );
    expect(callsTo('/v1/users/login')).toHaveLength(0);
  });

  it('sends the md5 hash, never the clear password, and follows the redirect query', async () => {
    window.history.replaceState(null, '', '/login?redirect=%2FbetRecord%3Fpage%3D2');
    stubNetwork({ '/v1/users/login': () => ({ code: 1, msg: '登录成功', data: { user: USER } }) });
    render(<LoginPage />);
    type('用户名', 'Player01');
    type('密码', 'player123');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(window.location.pathname).toBe('/betRecord'));
    expect(window.location.search).toBe('?page=2');
    const [login] = callsTo('/v1/users/login');
    expect(login.method).toBe('POST');
    expect(login.body.get('userName')).toBe('Player01');
    expect(login.body.get('password')).toBe(SparkMD5.hash('player01player123'));
    expect(login.body.toString()).not.toContain('player123');
    expect(login.body.get('random')).toMatch(/^[A-Za-z0-9_.-]{1,64}$/);
    expect(currentUser.value?.userName).toBe('player01');
  });

  it('ignores an absolute redirect and shows a refusal inline, then asks for the image code', async () => {
    window.history.replaceState(null, '', '/login?redirect=https%3A%2F%2Fevil.example%2F');
    let tries = 0;
    stubNetwork({
      '/v1/users/login': (c) => {
        tries += 1;
        if (tries === 1)
          return { code: -1, msg: '用户名或密码错误', data: { needImageCode: true } };
        expect(c.body.get('imageKey')).toBe('k1');
        expect(c.body.get('imageCode')).toBe('ab12');
        return { code: 1, msg: '', data: { user: USER } };
      },
      '/v1/users/imageCode': () => ({
        code: 1,
        msg: '',
        data: { imageKey: 'k1', image: 'data:image/svg+xml;base64,PHN2Zy8+' },
      }),
    });
    render(<LoginPage />);
    type('用户名', 'player01');
    type('密码', 'wrong12');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('用户名或密码错误')).toBeTruthy();
    await waitFor(() => expect(callsTo('/v1/users/imageCode')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('验证码不能为空')).toBeTruthy();
    type('验证码', 'ab12');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(window.location.pathname).toBe('/index'));
    expect(tries).toBe(2);
  });
});

describe('RegisterPage', () => {
  const FIELDS = [
    { field: 'userName', label: '用户名', required: true, pattern: 'userName' },
    { field: 'password', label: '密码', required: true, pattern: 'password' },
    { field: 'confirmPassword', label: '确认密码', required: true, pattern: 'password' },
    { field: 'phone', label: '手机号码', required: false, pattern: 'mobile' },
    { field: 'inviteCode', label: '邀请码', required: false, pattern: null },
    { field: 'imageCode', label: '验证码', required: true, pattern: 'imageCode' },
  ];

  it('registers with the image code and hashed passwords, then goes to /index', async () => {
    window.history.replaceState(null, '', '/register');
    stubNetwork({
      '/v1/management/tenant/getNewRegisterVerifyFront': () => ({
        code: 1,
        msg: '',
        data: { list: FIELDS },
      }),
      '/v1/users/imageCode': () => ({
        code: 1,
        msg: '',
        data: { imageKey: 'key9', image: 'data:image/svg+xml;base64,PHN2Zy8+' },
      }),
      '/v1/users/checkUser': (c) => ({
        code: 1,
        msg: '',
        data: { exists: c.query.get('userName') === 'taken01' },
      }),
      '/v1/users/register': () => ({
        code: 1,
        msg: '注册成功',
        data: { user: { ...USER, userName: 'newbie01' } },
      }),
    });
    render(<RegisterPage />);
    await screen.findByLabelText('确认密码', { selector: 'input' });
    expect(screen.queryByLabelText(/手机号码/, { selector: 'input' })).toBeNull(); // optional and not shown

    type('用户名', 'taken01');
    fireEvent.blur(input('用户名'));
    expect(await screen.findByText('该用户名已被注册')).toBeTruthy();

    type('用户名', 'newbie01');
    type('密码', 'abc123');
    type('确认密码', 'abc124');
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    expect(await screen.findByText('验证码不能为空')).toBeTruthy();
    expect(callsTo('/v1/users/register')).toHaveLength(0);

    type('确认密码', 'abc123');
    type('验证码', 'x7Y2');
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(window.location.pathname).toBe('/index'));
    const [reg] = callsTo('/v1/users/register');
    const hash = SparkMD5.hash('newbie01abc123');
    expect(Object.fromEntries(reg.body)).toEqual({
      userName: 'newbie01',
      password: hash,
      confirmPassword: hash,
      imageKey: 'key9',
      imageCode: 'x7Y2',
    });
    expect(currentUser.value?.userName).toBe('newbie01');
  });
});
