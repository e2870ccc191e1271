/** 站点设置 and 操作日志: the operator's form checks values before saving; the log shows actions and settings' before/after. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SettingsPanel } from '../../src/client/features/admin/site/SettingsPanel';
import { AuditPanel } from '../../src/client/features/admin/site/AuditPanel';
import { callsTo, ok, refuse, stubNetwork } from './records-net';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settings = {
  tenantName: '鸿运彩票',
  loginImageCodeAfterFailures: 3,
  yuebaoEnable: true,
  embedChatEnabled: false,
  embedChatUrl: '',
  register: {
    imageCode: true,
    phone: false,
    email: false,
    qq: false,
    realName: false,
    inviteCode: false,
  },
};

describe('site settings panel', () => {
  it('refuses a bad threshold before sending, then saves the register fields and flags', async () => {
    stubNetwork({
      '/v1/admin/site/settings': (c) =>
        c.method === 'GET'
          ? ok(settings)
          : c.body.get('tenantName') === ''
            ? refuse('站点名称不能为空')
            : ok({
                ...settings,
                tenantName: c.body.get('tenantName'),
                register: { ...settings.register, imageCode: c.body.get('imageCode') === '1' },
              }),
      '/v1/management/tenant/getTenantConfig': () => ok({ tenantName: '新名字' }),
    });
    render(<SettingsPanel />);
    const threshold = await screen.findByLabelText('登录失败几次后需要图形验证码');
    fireEvent.change(threshold, { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByRole('alert')).textContent).toBe('登录验证码阈值须为0到4之间的整数');
    expect(callsTo('/v1/admin/site/settings').filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(threshold, { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('站点名称'), { target: { value: '新名字' } });
    fireEvent.click(screen.getByRole('checkbox', { name: '图形验证码' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '手机号码' }));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(callsTo('/v1/admin/site/settings').filter((c) => c.method === 'POST')).toHaveLength(1),
    );
    const post = callsTo('/v1/admin/site/settings').find((c) => c.method === 'POST')!;
    expect(Object.fromEntries(post.body)).toMatchObject({
      tenantName: '新名字',
      loginImageCodeAfterFailures: '2',
      imageCode: '0',
      phone: '1',
      qq: '0',
      yuebaoEnable: '1',
      embedChatEnabled: '0',
    });
    await waitFor(() =>
      expect(
        (screen.getByRole('checkbox', { name: '图形验证码' }) as HTMLInputElement).checked,
      ).toBe(false),
    );
  });
});

describe('audit panel', () => {
  it('lists the actions with their page and outcome, and the settings changes as before → after', async () => {
    stubNetwork({
      '/v1/admin/audit': (c) =>
        ok({
          total: 1,
          list: [
            {
              id: 1,
              operatorName: 'admin',
              path: '/v1/admin/site/settings',
              page: '站点设置',
              httpStatus: 200,
              outcome: -1,
              msg: '站点名称不能为空',
              body: { tenantName: '', password: '[已隐藏]' },
              ip: '127.0.0.1',
              createdAt: Date.UTC(2026, 0, 2, 4, 5, 6),
              q: c.query.get('operator'),
            },
          ],
        }),
      '/v1/admin/site/settingsAudit': () =>
        ok({
          total: 1,
          list: [
            {
              id: 9,
              key: 'register_verify',
              operatorName: 'admin',
              before: { imageCode: true, phone: false },
              after: { imageCode: false, phone: false },
              createdAt: Date.UTC(2026, 0, 2, 4, 5, 6),
            },
          ],
        }),
    });
    render(<AuditPanel />);
    expect(await screen.findByText('admin · 站点设置')).toBeTruthy();
    expect(screen.getByText('失败 -1')).toBeTruthy();
    expect(screen.getByText('站点名称不能为空')).toBeTruthy();
    expect(screen.getByText('[已隐藏]')).toBeTruthy();
    expect(screen.getByText(/2026-01-02 12:05:06/)).toBeTruthy(); // Beijing time
    fireEvent.change(screen.getByLabelText('操作人'), { target: { value: 'admin' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(callsTo('/v1/admin/audit').some((c) => c.query.get('operator') === 'admin')).toBe(
        true,
      ),
    );

    fireEvent.click(screen.getByRole('tab', { name: '设置变更' }));
    expect(await screen.findByText('注册必填项')).toBeTruthy();
    const change = screen.getByText('图形验证码必填：').parentElement!;
    expect(change.textContent).toBe('图形验证码必填：开 → 关');
    expect(screen.queryByText('手机号码必填：')).toBeNull(); // unchanged fields are not listed
  });
});
