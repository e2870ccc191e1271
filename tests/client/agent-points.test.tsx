/**
 * The agent screens' points form: each family bounded by my own point (and, for a member's edit,
 * by what it already gave its downline), read with the domain's parsePoint; bad inputs are marked
 * per family and nothing is sent; a valid form sends the full wire map.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { REBATE_FAMILIES, type RebatePoints } from '../../src/domain/agent/points';
import {
  checkPointInput,
  checkPointInputs,
  inputsOf,
  minFromWire,
  pointsFromWire,
  rangeText,
} from '../../src/client/features/agent/points';
import { currentUser } from '../../src/client/state/session';
import { OverlayHost } from '../../src/client/ui';
import ManageIcodePage from '../../src/client/features/agent/pages/ManageIcodePage';
import ManageInvitePage from '../../src/client/features/agent/pages/ManageInvitePage';
import { callsTo, ok, refuse, stubNetwork, USER } from './records-net';

const MINE: RebatePoints = {
  K3: 8,
  SSC: 8,
  KL8: 7.5,
  LHC: 6,
  PK10: 8,
  PL35: 7,
  SYX5: 7.5,
  FC3D: 7,
  BJ28: 5,
  GAME: 2,
};
/** the operator's default points: the forms start here, capped by mine (GAME 3 → my 2) */
const DEFAULTS: RebatePoints = {
  K3: 6,
  SSC: 6,
  KL8: 6,
  LHC: 6,
  PK10: 6,
  PL35: 6,
  SYX5: 6,
  FC3D: 6,
  BJ28: 6,
  GAME: 3,
};
const wire = (p: RebatePoints) =>
  Object.fromEntries(Object.entries(p).map(([k, v]) => [k, String(v)]));
const AGENT = { ...USER, agent: true, userName: 'agent01' };

describe('points bounds (pure)', () => {
  const bounds = { max: MINE, min: { SSC: 5 } };
  it('takes every point from 0 (or the downline minimum) up to my own, one decimal', () => {
    expect(checkPointInput('K3', '8', bounds)).toBeNull();
    expect(checkPointInput('K3', '0', bounds)).toBeNull();
    expect(checkPointInput('SSC', '5', bounds)).toBeNull();
    expect(checkPointInput('KL8', '7.5', bounds)).toBeNull();
  });
  it('refuses a point above mine, below the downline, or not a point', () => {
    expect(checkPointInput('K3', '8.1', bounds)).toBe('快三 返点不能高于上级的 8');
    expect(checkPointInput('GAME', '3', bounds)).toBe('棋牌 返点不能高于上级的 2');
    expect(checkPointInput('SSC', '4.9', bounds)).toBe('时时彩 返点不能低于其下级已使用的 5');
    for (const bad of ['', 'abc', '7.55', '-1', '11', '1e1'])
      expect(checkPointInput('K3', bad, bounds)).toContain('返点格式错误');
  });
  it('checks every family and gives the points only when all pass', () => {
    const inputs = inputsOf(MINE);
    expect(checkPointInputs(inputs, bounds)).toEqual({ points: MINE });
    const r = checkPointInputs({ ...inputs, LHC: '6.5', BJ28: 'x' }, bounds);
    expect('errors' in r && Object.keys(r.errors).sort()).toEqual(['BJ28', 'LHC']);
  });
  it('reads the wire maps and shows the range', () => {
    expect(pointsFromWire(wire(MINE))).toEqual(MINE);
    expect(pointsFromWire({ K3: '8' })).toBeNull();
    expect(minFromWire({ SSC: '5', K3: 'bad' })).toEqual({ SSC: 5 });
    expect(rangeText('SSC', bounds)).toBe('可设 5 - 8');
    expect(rangeText('K3', bounds)).toBe('可设 0 - 8');
  });
});

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });

beforeEach(() => {
  currentUser.value = AGENT;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('invite-code form', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/manageIcode/memberCode');
  });

  it('marks a point above my own and sends nothing; a valid form sends every family as the wire map', async () => {
    let created = 0;
    stubNetwork({
      '/v1/users/rebate': () =>
        ok({ isAgent: 1, rebate: wire(MINE), defaultRebate: wire(DEFAULTS) }),
      '/v1/users/inviteCode': (c) =>
        ok(
          created && c.query.get('isAgent') === '0'
            ? {
                list: [
                  {
                    id: 5,
                    inviteCode: '12345678',
                    isAgent: 0,
                    rebate: wire({ ...MINE, K3: 7 }),
                    remark: '朋友',
                    useCount: 0,
                    createTime: Date.UTC(2026, 10, 24, 4, 0),
                  },
                ],
                total: 1,
              }
            : { list: [], total: 0 },
        ),
      '/v1/users/createInviteCode': () => {
        created++;
        return ok({ id: 5, inviteCode: '12345678' });
      },
    });
    render(
      <>
        <ManageIcodePage />
        <OverlayHost />
      </>,
    );
    await screen.findByText('暂无会员邀请码，请在下方生成');
    const form = await screen.findByRole('form', { name: '生成会员邀请码' });
    // the form starts at the operator's defaults capped by mine, and shows what my rebate keeps
    const input = (label: string) =>
      screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
    expect(input('快三返点').value).toBe('6');
    expect(input('棋牌返点').value).toBe('2');
    expect(input('PC28返点').value).toBe('5');
    expect(form.textContent).toContain('可设 0 - 8 · 返点差 2');
    fill('快三返点', '7.5');
    expect(form.textContent).toContain('可设 0 - 8 · 返点差 0.5');
    fill('快三返点', '8.5');
    fill('棋牌返点', '2.25');
    fireEvent.click(within(form).getByRole('button', { name: '生成邀请码' }));
    expect(await screen.findByText('快三 返点不能高于上级的 8')).toBeTruthy();
    expect(screen.getByText(/棋牌 返点格式错误/)).toBeTruthy();
    expect(callsTo('/v1/users/createInviteCode')).toHaveLength(0);

    fill('快三返点', '7');
    fill('棋牌返点', '2');
    fill('备注（选填）', '朋友');
    fireEvent.click(within(form).getByRole('button', { name: '生成邀请码' }));
    await waitFor(() => expect(callsTo('/v1/users/createInviteCode')).toHaveLength(1));
    const body = callsTo('/v1/users/createInviteCode')[0]!.body;
    expect(body.get('isAgent')).toBe('0');
    expect(body.get('remark')).toBe('朋友');
    const sent = JSON.parse(body.get('rebate')!) as Record<string, string>;
    expect(Object.keys(sent).sort()).toEqual([...REBATE_FAMILIES].sort());
    expect(sent.K3).toBe('7');
    expect(sent.GAME).toBe('2');
    // the list is asked again and shows the new code with its points and Beijing time
    const card = await screen.findByRole('listitem', { name: '邀请码 12345678' });
    expect(card.textContent).toContain('2026-11-24 12:00');
    expect(card.textContent).toContain('朋友');
  });

  it('shows the server refusal under the form', async () => {
    stubNetwork({
      '/v1/users/rebate': () =>
        ok({ isAgent: 1, rebate: wire(MINE), defaultRebate: wire(DEFAULTS) }),
      '/v1/users/inviteCode': () => ok({ list: [], total: 0 }),
      '/v1/users/createInviteCode': () => refuse('邀请码数量已达上限'),
    });
    render(<ManageIcodePage />);
    const form = await screen.findByRole('form', { name: '生成会员邀请码' });
    fireEvent.click(within(form).getByRole('button', { name: '生成邀请码' }));
    expect(await within(form).findByText('邀请码数量已达上限')).toBeTruthy();
  });
});

describe('opening a downline account', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/manageInvite');
  });

  it('checks name, password and points as register does, then sends the hashed password and the points', async () => {
    stubNetwork({
      '/v1/users/rebate': () =>
        ok({ isAgent: 1, rebate: wire(MINE), defaultRebate: wire(DEFAULTS) }),
      '/v1/users/checkUser': () => ok({ exists: false }),
      '/v1/users/createLowerUser': () => ok({ userId: 99 }),
    });
    render(<ManageInvitePage />);
    const form = await screen.findByRole('form', { name: '开设下级账号' });
    fill('用户名', 'ab');
    fill('密码', 'abc12345');
    fill('确认密码', 'abc99999');
    fill('六合彩返点', '6.1');
    fireEvent.click(within(form).getByRole('button', { name: '立即开户' }));
    expect(await screen.findByText('用户名格式不正确')).toBeTruthy();
    expect(screen.getByText('两次输入的密码不一致')).toBeTruthy();
    expect(screen.getByText('六合彩 返点不能高于上级的 6')).toBeTruthy();
    expect(callsTo('/v1/users/createLowerUser')).toHaveLength(0);

    fill('用户名', 'Member01');
    fill('确认密码', 'abc12345');
    fill('六合彩返点', '5.5');
    fireEvent.click(screen.getByRole('tab', { name: '代理' }));
    fireEvent.click(within(form).getByRole('button', { name: '立即开户' }));
    await screen.findByText('开户成功', { selector: 'h2' });
    const body = callsTo('/v1/users/createLowerUser')[0]!.body;
    expect(body.get('userName')).toBe('Member01');
    // the register page's hash: md5(lower-cased name + password), never the clear text
    expect(body.get('password')).toMatch(/^[0-9a-f]{32}$/);
    expect(body.get('password')).not.toContain('abc12345');
    expect(body.get('isAgent')).toBe('1');
    expect(JSON.parse(body.get('rebate')!).LHC).toBe('5.5');
  });
});
