/** /manageIcode's list: a code's points, remark edit (with the domain's limit), delete after a confirm, paging. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { currentUser } from '../../src/client/state/session';
import { OverlayHost } from '../../src/client/ui';
import ManageIcodePage from '../../src/client/features/agent/pages/ManageIcodePage';
import { AGENT_MSG } from '../../src/domain/agent/inviteCodes';
import { callsTo, ok, stubNetwork, USER } from './records-net';

const P = {
  K3: '7.5',
  SSC: '7',
  KL8: '7',
  LHC: '6',
  PK10: '7',
  PL35: '7',
  SYX5: '7',
  FC3D: '7',
  BJ28: '5',
  GAME: '1.5',
};
const code = (id: number, inviteCode: string, remark = '') => ({
  id,
  inviteCode,
  isAgent: 1,
  rebate: P,
  remark,
  useCount: id,
  createTime: Date.UTC(2026, 10, 24, 4, 0),
});

beforeEach(() => {
  currentUser.value = { ...USER, agent: true };
  window.history.replaceState(null, '', '/manageIcode');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('invite-code list', () => {
  it('edits a remark, deletes after a confirm, and pages', async () => {
    let codes = [code(2, '22222222', '老客户'), code(1, '11111111')];
    stubNetwork({
      '/v1/users/rebate': () => ok({ isAgent: 1, rebate: { ...P, K3: '8' }, defaultRebate: P }),
      '/v1/users/inviteCode': (c) =>
        ok({ list: c.query.get('pageNum') === '2' ? [code(9, '99999999')] : codes, total: 11 }),
      '/v1/users/updateInviteCodeRemark': (c) => {
        codes = codes.map((x) =>
          x.id === Number(c.body.get('inviteCodeId')) ? { ...x, remark: c.body.get('remark')! } : x,
        );
        return ok(null);
      },
      '/v1/users/deleteInviteCode': (c) => {
        codes = codes.filter((x) => x.id !== Number(c.body.get('inviteCodeId')));
        return ok(null);
      },
    });
    render(
      <>
        <ManageIcodePage />
        <OverlayHost />
      </>,
    );
    // the bare page is the agent-code tab
    expect(screen.getByRole('tab', { name: '代理邀请码', selected: true })).toBeTruthy();
    const card = await screen.findByRole('listitem', { name: '邀请码 22222222' });
    expect(card.textContent).toContain('老客户');
    expect(card.textContent).toContain('注册人数：2');
    expect(card.textContent).toContain('2026-11-24 12:00');
    expect(
      within(within(card).getByRole('list', { name: '返点' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toContain('快三7.5');
    expect(callsTo('/v1/users/inviteCode')[0]!.query.get('isAgent')).toBe('1');

    fireEvent.click(within(card).getByRole('button', { name: '修改备注' }));
    const remark = within(card).getByLabelText('新备注', { selector: 'input' });
    fireEvent.change(remark, { target: { value: '长'.repeat(51) } });
    fireEvent.click(within(card).getByRole('button', { name: '保存备注' }));
    expect(await within(card).findByText(AGENT_MSG.remarkTooLong)).toBeTruthy();
    fireEvent.change(remark, { target: { value: '新渠道' } });
    fireEvent.click(within(card).getByRole('button', { name: '保存备注' }));
    await waitFor(() =>
      expect(screen.getByRole('listitem', { name: '邀请码 22222222' }).textContent).toContain(
        '新渠道',
      ),
    );
    expect(callsTo('/v1/users/updateInviteCodeRemark')[0]!.body.get('inviteCodeId')).toBe('2');

    const other = screen.getByRole('listitem', { name: '邀请码 11111111' });
    fireEvent.click(within(other).getByRole('button', { name: '删除' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '取消' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('/v1/users/deleteInviteCode')).toHaveLength(0);
    fireEvent.click(within(other).getByRole('button', { name: '删除' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '删除' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: '邀请码 11111111' })).toBeNull(),
    );
    expect(callsTo('/v1/users/deleteInviteCode')[0]!.body.get('inviteCodeId')).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await screen.findByRole('listitem', { name: '邀请码 99999999' });
    expect(callsTo('/v1/users/inviteCode').at(-1)!.query.get('pageNum')).toBe('2');
  }, 20_000);
});
