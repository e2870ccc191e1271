/** 客服设置: the operator edits the service lines and the embedded chat, checked before saving. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ServicePanel } from '../../src/client/features/admin/site/ServicePanel';
import { callsTo, ok, stubNetwork } from './records-net';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settings = {
  lines: [],
  supportWidth: 817,
  supportHeight: 500,
  embedChatEnabled: false,
  embedChatUrl: '',
  embedChatPartnerOrigin: '',
};

describe('customer-service settings', () => {
  it('adds a line, refuses it without a name, then saves the lines as JSON', async () => {
    stubNetwork({
      '/v1/admin/site/customerService': (c) =>
        c.method === 'GET'
          ? ok(settings)
          : ok({
              ...settings,
              lines: JSON.parse(c.body.get('lines')!),
              embedChatEnabled: c.body.get('embedChatEnabled') === '1',
              embedChatUrl: c.body.get('embedChatUrl'),
              embedChatPartnerOrigin: 'https://chat.example.com',
            }),
      '/v1/admin/chat/embedChatSecret': () => ok({ configured: 0, partnerOrigin: '' }),
    });
    render(<ServicePanel />);
    expect(await screen.findByText(/暂无客服线路/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '添加线路' }));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByRole('alert')).textContent).toBe('第1条线路：线路名称不能为空');
    expect(
      callsTo('/v1/admin/site/customerService').filter((c) => c.method === 'POST'),
    ).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('线路名称'), { target: { value: '在线客服' } });
    fireEvent.change(screen.getByLabelText('外部链接'), {
      target: { value: 'https://kf.example.com/x' },
    });
    fireEvent.click(screen.getByLabelText('开启嵌入聊天'));
    fireEvent.change(screen.getByLabelText('合作方聊天地址'), {
      target: { value: 'https://chat.example.com/embed' },
    });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(
        callsTo('/v1/admin/site/customerService').filter((c) => c.method === 'POST'),
      ).toHaveLength(1),
    );
    const post = callsTo('/v1/admin/site/customerService').find((c) => c.method === 'POST')!;
    expect(JSON.parse(post.body.get('lines')!)).toEqual([
      {
        name: '在线客服',
        linkType: 1,
        linkUrl: 'https://kf.example.com/x',
        htmlPath: '',
        sort: 1,
        enabled: true,
      },
    ]);
    expect(post.body.get('embedChatEnabled')).toBe('1');
    expect(await screen.findByText('只接受来自 https://chat.example.com 的消息')).toBeTruthy();
  });

  it('makes the partner signing secret and shows it once', async () => {
    let configured = 0;
    stubNetwork({
      '/v1/admin/site/customerService': () =>
        ok({
          ...settings,
          embedChatUrl: 'https://chat.example.com/embed',
          embedChatPartnerOrigin: 'https://chat.example.com',
        }),
      '/v1/admin/chat/embedChatSecret': (c) => {
        if (c.method === 'GET')
          return ok({ configured, partnerOrigin: 'https://chat.example.com' });
        configured = 1;
        return ok({ secret: 's'.repeat(43), partnerOrigin: 'https://chat.example.com' });
      },
    });
    render(<ServicePanel />);
    expect(
      await screen.findByText('https://chat.example.com：未设置，合作方账号无法绑定'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '生成新密钥' }));
    expect((await screen.findByLabelText('新密钥')).textContent).toBe('s'.repeat(43));
    expect(await screen.findByText('https://chat.example.com：已设置')).toBeTruthy();
    expect(
      callsTo('/v1/admin/chat/embedChatSecret').filter((c) => c.method === 'POST'),
    ).toHaveLength(1);
  });
});
