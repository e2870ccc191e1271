/**
 * The console's lists (issue 24 item 9): the shared ui DataTable's markup, and AdminList showing a
 * table from 1024 px (matchMedia) and cards below, with its loading, error and empty states.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { DataTable, WIDE_QUERY, type Column } from '../../src/client/ui/DataTable';
import { AdminList, FilterBar, UserLink } from '../../src/client/ui/AdminList';

interface Order {
  id: number;
  userId: number;
  userName: string;
  amount: string;
}
const ROWS: Order[] = [
  { id: 1, userId: 7, userName: 'alice', amount: '100.00' },
  { id: 2, userId: 8, userName: 'bob', amount: '2.50' },
];
const COLUMNS: Column<Order>[] = [
  { label: '用户', cell: (o) => <UserLink userId={o.userId} userName={o.userName} /> },
  { label: '金额', cell: (o) => `¥${o.amount}`, align: 'end' },
  { label: '操作', cell: (o) => <button type="button">审核{o.id}</button> },
];

/** A window as wide as `wide` says; `resize` flips it and tells the listeners, as a real media query does. */
function mockWidth(wide: boolean) {
  const listeners = new Set<() => void>();
  let matches = wide;
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === WIDE_QUERY && matches;
    },
    media: query,
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
  }));
  return {
    resize(next: boolean) {
      matches = next;
      for (const fn of listeners) fn();
    },
  };
}

const loaded = (list: Order[]) => ({
  data: { list, total: list.length },
  error: null,
  loading: false,
  reload: vi.fn(),
});

function renderList(state: Parameters<typeof AdminList<Order>>[0]['state']) {
  const { hook } = memoryLocation({ path: '/admin' });
  return render(
    <Router hook={hook}>
      <AdminList
        state={state}
        empty="没有订单"
        keyOf={(o) => o.id}
        label="订单"
        columns={COLUMNS}
        totalText={(n) => `共 ${n} 笔`}
        cardLabel={(o) => `订单 ${o.id}`}
      >
        {(o) => <p>{o.userName} 的卡片</p>}
      </AdminList>
    </Router>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DataTable', () => {
  it('has a named table, column headers with scope, one row per record and money aligned right', () => {
    render(
      <DataTable
        label="订单"
        columns={COLUMNS.slice(1)}
        rows={ROWS}
        keyOf={(o) => o.id}
        caption="共 2 笔"
      />,
    );
    const table = screen.getByRole('table', { name: '订单' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['金额', '操作']);
    for (const h of headers) expect(h.getAttribute('scope')).toBe('col');
    expect(within(table).getByText('共 2 笔').tagName).toBe('CAPTION');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['¥100.00', '审核1'],
      ['¥2.50', '审核2'],
    ]);
    const money = within(rows[0]!).getAllByRole('cell')[0]!;
    expect(money.className).toContain('text-right');
    expect(money.className).toContain('tabular-nums');
    expect(headers[0]!.className).toContain('text-right');
  });
});

describe('AdminList', () => {
  it('is a table from 1024 px: the user name links to the user page, actions in the last column', () => {
    mockWidth(true);
    renderList(loaded(ROWS));
    const table = screen.getByRole('table', { name: '订单' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['用户', '金额', '操作']);
    expect(within(table).getByRole('link', { name: 'alice' }).getAttribute('href')).toBe(
      '/admin/user/7',
    );
    const last = within(table).getAllByRole('row')[2]!.lastElementChild!;
    expect(within(last as HTMLElement).getByRole('button', { name: '审核2' })).toBeTruthy();
    expect(within(table).getByText('共 2 笔')).toBeTruthy();
    expect(screen.queryByRole('list', { name: '订单' })).toBeNull();
    expect(screen.queryByText('alice 的卡片')).toBeNull();
  });

  it('is cards below 1024 px, and follows the window when it is resized', () => {
    const screenWidth = mockWidth(false);
    renderList(loaded(ROWS));
    const list = screen.getByRole('list', { name: '订单' });
    expect(within(list).getByRole('listitem', { name: '订单 2' }).textContent).toBe('bob 的卡片');
    expect(screen.queryByRole('table')).toBeNull();
    act(() => screenWidth.resize(true));
    expect(screen.getByRole('table', { name: '订单' })).toBeTruthy();
    act(() => screenWidth.resize(false));
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('without matchMedia (an old browser) stays cards; without a card, a card of the columns', () => {
    vi.stubGlobal('matchMedia', undefined);
    const { hook } = memoryLocation({ path: '/admin' });
    render(
      <Router hook={hook}>
        <AdminList
          state={loaded(ROWS)}
          empty="没有订单"
          keyOf={(o) => o.id}
          label="订单"
          columns={COLUMNS}
        />
      </Router>,
    );
    const card = screen.getAllByRole('listitem')[0]!;
    expect(
      within(card)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['用户', '金额', '操作']);
    expect(within(card).getAllByRole('definition')[0]!.textContent).toBe('alice');
  });

  it('keeps the loading, error and empty states at any width', () => {
    mockWidth(true);
    const reload = vi.fn();
    const { unmount } = renderList({ data: undefined, error: null, loading: true, reload });
    expect(screen.getByRole('status')).toBeTruthy();
    unmount();
    const failed = renderList({
      data: undefined,
      error: new Error('服务繁忙'),
      loading: false,
      reload,
    });
    expect(screen.getByRole('alert').textContent).toBe('服务繁忙');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(reload).toHaveBeenCalled();
    failed.unmount();
    renderList(loaded([]));
    expect(screen.getByText('没有订单')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('FilterBar', () => {
  it('is a named search landmark that submits once', () => {
    const onSubmit = vi.fn();
    render(
      <FilterBar label="订单筛选" onSubmit={onSubmit}>
        <input aria-label="用户名" />
        <button type="submit">查询</button>
      </FilterBar>,
    );
    fireEvent.click(
      within(screen.getByRole('search', { name: '订单筛选' })).getByRole('button', {
        name: '查询',
      }),
    );
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
