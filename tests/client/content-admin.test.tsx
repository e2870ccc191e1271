/** The operator's 内容管理 panel against a stubbed network: banners (upload, dropped-link warning, delete), notices, help and about articles. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { OverlayHost } from '../../src/client/ui';
import { ContentPanel } from '../../src/client/features/admin/content/ContentPanel';
import { droppedLinkWarning } from '../../src/client/features/admin/content/BannersPanel';
import { callsTo, ok, refuse, stubNetwork } from './records-net';
import { quietDispatch } from './dispatch-fixtures';

const P = (n: string) => `/v1/admin/content/${n}`;
const BANNERS = [
  {
    id: 1,
    title: '新春',
    image: '/uploads/0123456789abcdef0123456789abcdef.png',
    link: '/help',
    sort: 0,
    enabled: true,
  },
  {
    id: 2,
    title: '<b>坏链接</b>',
    image: 'https://cdn.example.com/b.png',
    link: '/no-such-page',
    sort: 1,
    enabled: false,
  },
];
const ARTICLES = {
  help: [{ id: 5, kind: 'help', title: '如何充值', content: '第一步\n第二步', sort: 0 }],
  about: [],
};

beforeEach(() => {
  quietDispatch('/admin');
  stubNetwork({
    [P('banners')]: () => ok({ list: BANNERS }),
    [P('banners/save')]: () => ok({ id: 3 }),
    [P('banners/delete')]: () => ok(null),
    [P('banners/uploadImage')]: () => ok({ url: '/uploads/ffffffffffffffffffffffffffffffff.png' }),
    [P('notices')]: () => ok({ list: [] }),
    [P('notices/save')]: (c) =>
      c.body.get('content')!.includes('<') ? refuse('内容格式不正确') : ok({ id: 9 }),
    [P('articles')]: (c) => ok({ list: ARTICLES[c.query.get('kind') as 'help' | 'about'] }),
    [P('articles/save')]: () => ok({ id: 6 }),
    [P('articles/delete')]: () => ok(null),
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const confirmYes = async () => fireEvent.click(await screen.findByRole('button', { name: '确定' }));

describe('ContentPanel', () => {
  it('warns only about links the home page would drop', () => {
    expect(droppedLinkWarning('')).toBe('');
    expect(droppedLinkWarning('/help')).toBe('');
    expect(droppedLinkWarning('https://example.com/x')).toBe('');
    expect(droppedLinkWarning('/no-such-page')).toMatch(/首页将不显示此链接/);
    expect(droppedLinkWarning('http://example.com')).toMatch(/首页将不显示此链接/);
  });

  it('lists banners with previews and warnings, uploads an image into a new banner, deletes after confirming', async () => {
    render(
      <>
        <ContentPanel />
        <OverlayHost />
      </>,
    );
    const good = await screen.findByTestId('admin-banner-1');
    expect(good.querySelector('img')!.getAttribute('src')).toBe(BANNERS[0]!.image);
    expect(good.textContent).not.toContain('首页将不显示');
    const bad = screen.getByTestId('admin-banner-2');
    expect(bad.textContent).toContain('#2 <b>坏链接</b>');
    expect(bad.querySelector('b')).toBeNull();
    expect(bad.textContent).toContain('首页将不显示此链接');
    expect(bad.textContent).toContain('已停用');

    fireEvent.click(screen.getByRole('button', { name: '新建轮播图' }));
    const form = screen.getByRole('form', { name: '新建轮播图' });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect(within(form).getByRole('alert').textContent).toBe('标题不能为空');
    fireEvent.change(within(form).getByLabelText('标题'), { target: { value: '元宵' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect(within(form).getByRole('alert').textContent).toBe('请上传图片或填写图片地址');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'b.png', { type: 'image/png' });
    fireEvent.change(within(form).getByLabelText(/^上传图片/), { target: { files: [file] } });
    await waitFor(() =>
      expect((within(form).getByLabelText('图片地址') as HTMLInputElement).value).toBe(
        '/uploads/ffffffffffffffffffffffffffffffff.png',
      ),
    );
    expect(within(form).getByTestId('banner-preview').getAttribute('src')).toBe(
      '/uploads/ffffffffffffffffffffffffffffffff.png',
    );
    fireEvent.change(within(form).getByLabelText(/^点击跳转链接/), {
      target: { value: '/nowhere' },
    });
    expect(within(form).getByRole('status').textContent).toMatch(/首页将不显示此链接/);
    fireEvent.change(within(form).getByLabelText(/^点击跳转链接/), { target: { value: '/help' } });
    expect(within(form).queryByRole('status')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(callsTo(P('banners/save'))).toHaveLength(1));
    const body = callsTo(P('banners/save'))[0]!.body;
    expect(Object.fromEntries(body)).toEqual({
      title: '元宵',
      image: '/uploads/ffffffffffffffffffffffffffffffff.png',
      link: '/help',
      sort: '0',
      enabled: '1',
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: '新建轮播图' })).toBeNull());

    fireEvent.click(
      within(screen.getByTestId('admin-banner-2')).getByRole('button', { name: '删除' }),
    );
    await confirmYes();
    await waitFor(() => expect(callsTo(P('banners/delete'))).toHaveLength(1));
    expect(callsTo(P('banners/delete'))[0]!.body.get('id')).toBe('2');
  });

  it('shows the empty notice list, a server refusal in the form, then saves a multi-line notice', async () => {
    render(
      <>
        <ContentPanel />
        <OverlayHost />
      </>,
    );
    fireEvent.click(screen.getByRole('tab', { name: '公告' }));
    expect(await screen.findByText('暂无公告')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '新建公告' }));
    const form = screen.getByRole('form', { name: '新建公告' });
    fireEvent.change(within(form).getByLabelText('标题'), { target: { value: '维护' } });
    fireEvent.change(within(form).getByLabelText(/^内容/), { target: { value: '<b>今晚</b>' } });
    fireEvent.click(within(form).getByLabelText('启用（会员可见）'));
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect(await within(form).findByRole('alert')).toHaveProperty('textContent', '内容格式不正确');
    fireEvent.change(within(form).getByLabelText(/^内容/), {
      target: { value: '今晚维护\n请提前安排' },
    });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(callsTo(P('notices/save'))).toHaveLength(2));
    expect(Object.fromEntries(callsTo(P('notices/save'))[1]!.body)).toEqual({
      title: '维护',
      content: '今晚维护\n请提前安排',
      sort: '0',
      enabled: '0',
    });
  });

  it('edits and deletes help articles with their kind; about shows its own empty list', async () => {
    render(
      <>
        <ContentPanel />
        <OverlayHost />
      </>,
    );
    fireEvent.click(screen.getByRole('tab', { name: '帮助中心' }));
    const row = await screen.findByTestId('admin-article-5');
    expect(callsTo(P('articles'))[0]!.query.get('kind')).toBe('help');
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const form = screen.getByRole('form', { name: '编辑文章 #5' });
    expect((within(form).getByLabelText(/^内容/) as HTMLTextAreaElement).value).toBe(
      '第一步\n第二步',
    );
    fireEvent.change(within(form).getByLabelText(/^内容/), { target: { value: '   ' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect(within(form).getByRole('alert').textContent).toBe('标题和内容不能为空');
    fireEvent.change(within(form).getByLabelText(/^内容/), { target: { value: '打开钱包' } });
    fireEvent.change(within(form).getByLabelText(/^排序/), { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(callsTo(P('articles/save'))).toHaveLength(1));
    expect(Object.fromEntries(callsTo(P('articles/save'))[0]!.body)).toEqual({
      id: '5',
      kind: 'help',
      title: '如何充值',
      content: '打开钱包',
      sort: '3',
    });

    fireEvent.click(
      within(await screen.findByTestId('admin-article-5')).getByRole('button', { name: '删除' }),
    );
    await confirmYes();
    await waitFor(() => expect(callsTo(P('articles/delete'))).toHaveLength(1));
    expect(Object.fromEntries(callsTo(P('articles/delete'))[0]!.body)).toEqual({
      id: '5',
      kind: 'help',
    });

    fireEvent.click(screen.getByRole('tab', { name: '关于我们' }));
    expect(await screen.findByText('暂无文章')).toBeTruthy();
    expect(callsTo(P('articles')).at(-1)!.query.get('kind')).toBe('about');
  });
});
