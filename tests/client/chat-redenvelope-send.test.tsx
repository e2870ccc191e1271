/**
 * The red-envelope send dialog (spec 001 §5, notes/envelope-api.md): the config asked 300 ms after
 * opening, every validation message of the spec, the total per type, the safety-password popup, the
 * send as a money action (request id, hashed safety password), a player without a safety password
 * asked to set one, the mute refusal, a private chat's single envelope, and the guest notice.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SendDialog } from '../../src/client/features/redEnvelope/dialogs/SendDialog';
import {
  SEND_MSG,
  validateEnvelopeSend,
  limitsOf,
} from '../../src/client/features/redEnvelope/sendRules';
import { useEnvelopes } from '../../src/client/features/redEnvelope/useEnvelopes';
import { Composer } from '../../src/client/features/chat/components/Composer';
import { OverlayHost } from '../../src/client/ui';
import { queryClient } from '../../src/client/query';
import { resetNetwork } from '../../src/client/api/network';
import { moneyActionStore, wipe } from '../../src/client/storage/stores';
import { callsTo, ok, refuse, stubNetwork, type Handler } from './records-net';
import { RefusalReason, refusalData } from '../../src/domain/errors';

const CONFIG = {
  amount: '500.00',
  maxAmount: '200.00',
  dayLimitAmount: '1000.00',
  dayLimitCount: 5,
  dayLimitSendCount: 1,
  minAmount: '1.00',
  maxNum: 1000,
  hasSafetyPassword: true,
  defaultWish: '恭喜发财，大发发发发',
};
const SENT = {
  id: 55,
  roomId: 1,
  messageTypeId: 3,
  message: JSON.stringify({
    recordId: 'HB000000000000000055',
    type: 2,
    wishingRemark: '恭喜发财，大发发发发',
    num: 3,
  }),
  userId: '7',
  nickname: 'pl***1',
  avatar: '',
  grade: 1,
  nicknameColorId: '',
  messageColorId: '',
  status: 0,
  gmtCreated: '2026-11-24 10:00:00',
};
const MUTED = '禁言状态不允许发送图片、表情、红包、分享注单';

function net(extra: Record<string, Handler> = {}) {
  stubNetwork({
    '/v1/transfer/queryConfigurationInformation': () => ok(CONFIG),
    '/v1/chat/addMessage': () => ok(SENT),
    '/v1/chat/addDirectMessage': () =>
      ok({
        ...SENT,
        message: JSON.stringify({
          recordId: 'HB000000000000000056',
          type: 1,
          wishingRemark: 'x',
          num: 1,
        }),
      }),
    ...extra,
  });
}
beforeEach(async () => {
  resetNetwork();
  queryClient.clear();
  net();
  await wipe(moneyActionStore).catch(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const props = { myId: 7, userName: 'player01', onSettings: vi.fn(), onClose: vi.fn() };
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: '塞钱进红包' }));
const alertText = async () => (await screen.findByRole('alert')).textContent;
const loaded = () =>
  waitFor(() =>
    expect(screen.getByTestId('send-limits').textContent).toContain('今日剩余额度500.00元'),
  );

describe('send rules', () => {
  const L = limitsOf(CONFIG);
  const f = (type: 1 | 2, num: string, amount: string, wish = '') =>
    validateEnvelopeSend({ type, num, amount, wish }, L);
  it('gives each message of spec 001 §5', () => {
    expect(f(2, '', '10')).toBe(SEND_MSG.numInteger);
    expect(validateEnvelopeSend({ type: 1, num: '2', amount: '10', wish: '' }, L, true)).toBe(
      '私聊只能发1个红包',
    );
    expect(f(2, '3', '10', '一二三四五六七八九十一二三四五六七八九十一')).toBe(
      '祝福语不能超过20个字',
    );
    expect(f(2, '1.5', '10')).toBe('红包个数必须为整数');
    expect(f(2, '0', '10')).toBe('红包个数必须为正整数');
    expect(f(2, '1001', '2000')).toBe('红包个数不能超过1000个');
    expect(f(2, '10', '9.99')).toBe('人均单个红包金额不能小于1元');
    expect(f(1, '2', '0.99')).toBe('人均单个红包金额不能小于1元');
    expect(f(1, '2', '200.01')).toBe('人均单个红包金额不能大于200元');
    expect(f(2, '2', '400.02')).toBe('人均单个红包金额不能大于200元');
    expect(f(1, '3', '200')).toBe('您的红包额度不足');
    expect(
      validateEnvelopeSend(
        { type: 2, num: '2', amount: '10', wish: '' },
        limitsOf({ ...CONFIG, dayLimitSendCount: 5 }),
      ),
    ).toBe('您每日可发红包次数为5次，已超限制');
    expect(f(2, '10', '10')).toBe('');
    expect(f(1, '2', '200')).toBe('');
    // before the config: the default maximum of 10000 per person, no quota known
    expect(
      validateEnvelopeSend(
        { type: 1, num: '1', amount: '10000.01', wish: '' },
        limitsOf(undefined),
      ),
    ).toBe('人均单个红包金额不能大于10000元');
  });
});

describe('the send dialog', () => {
  it('asks the config 300 ms after opening and shows the validation messages in the form', async () => {
    render(
      <>
        <SendDialog place={{ roomCode: 'r1' }} direct={false} onSent={vi.fn()} {...props} />
        <OverlayHost />
      </>,
    );
    expect(callsTo('/v1/transfer/queryConfigurationInformation')).toHaveLength(0);
    await loaded();
    expect(
      Object.fromEntries(callsTo('/v1/transfer/queryConfigurationInformation')[0]!.query),
    ).toEqual({ type: '2' });
    submit();
    expect(await alertText()).toBe('红包个数必须为整数');
    type('红包个数', '1001');
    type('总金额（元）', '2000');
    submit();
    expect(await alertText()).toBe('红包个数不能超过1000个');
    type('红包个数', '3');
    type('总金额（元）', '700');
    submit();
    expect(await alertText()).toBe('人均单个红包金额不能大于200元');
    fireEvent.click(screen.getByRole('button', { name: '普通红包' }));
    type('单个金额（元）', '180');
    expect(screen.getByTestId('send-total').textContent).toContain('¥540.00');
    submit();
    expect(await alertText()).toBe('您的红包额度不足');
    // typing keeps 2 decimals and 6 integer digits
    type('单个金额（元）', '1.234');
    expect((screen.getByLabelText('单个金额（元）') as HTMLInputElement).value).toBe('180');
    expect(callsTo('/v1/chat/addMessage')).toHaveLength(0);
  });

  it('sends after the safety password through a money action, then closes with the sent envelope', async () => {
    const onSent = vi.fn();
    render(
      <>
        <SendDialog place={{ roomCode: 'r1' }} direct={false} onSent={onSent} {...props} />
        <OverlayHost />
      </>,
    );
    await loaded();
    type('红包个数', '3');
    type('总金额（元）', '30');
    expect(screen.getByTestId('send-total').textContent).toContain('¥30.00');
    submit();
    const popup = await screen.findByRole('dialog', { name: '请输入资金密码' });
    fireEvent.change(within(popup).getByLabelText('资金密码'), { target: { value: '123456' } });
    fireEvent.click(within(popup).getByRole('button', { name: '发红包' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(SENT));
    const [call] = callsTo('/v1/chat/addMessage').map((c) => Object.fromEntries(c.body));
    expect(call).toMatchObject({ roomCode: 'r1', messageTypeId: '3', status: '0', userIds: '' });
    expect(JSON.parse(call!.message!)).toEqual({
      num: 3,
      type: 2,
      amount: '30.00',
      wishingRemark: '恭喜发财，大发发发发',
    });
    expect(call!.safetyPassword).toMatch(/^[0-9a-f]{32}$/);
    expect(call!.safetyPassword).not.toBe('123456');
    expect(call!.requestId!.length).toBeGreaterThan(8);
  });

  it('a player without a safety password is asked to set one (去设置 or 取消)', async () => {
    net({
      '/v1/transfer/queryConfigurationInformation': () =>
        ok({ ...CONFIG, hasSafetyPassword: false }),
    });
    const onSettings = vi.fn();
    render(
      <>
        <SendDialog
          place={{ roomCode: 'r1' }}
          direct={false}
          onSent={vi.fn()}
          {...props}
          onSettings={onSettings}
        />
        <OverlayHost />
      </>,
    );
    await loaded();
    type('红包个数', '2');
    type('总金额（元）', '10');
    submit();
    const ask = await screen
      .findByRole('dialog', { name: '请先设置资金密码', hidden: true })
      .catch((e) => {
        screen.debug(undefined, 100000);
        throw e;
      });
    fireEvent.click(within(ask).getByRole('button', { name: '去设置' }));
    await waitFor(() => expect(onSettings).toHaveBeenCalledWith('/findSecurityPassword'));
    expect(screen.queryByRole('dialog', { name: '请输入资金密码' })).toBeNull();
  });

  it('a muted player is refused with the mute message', async () => {
    net({ '/v1/chat/addMessage': () => refuse(MUTED) });
    const onSent = vi.fn();
    render(
      <>
        <SendDialog place={{ roomCode: 'r1' }} direct={false} onSent={onSent} {...props} />
        <OverlayHost />
      </>,
    );
    await loaded();
    type('红包个数', '2');
    type('总金额（元）', '10');
    submit();
    const popup = await screen.findByRole('dialog', { name: '请输入资金密码' });
    fireEvent.change(within(popup).getByLabelText('资金密码'), { target: { value: '123456' } });
    fireEvent.click(within(popup).getByRole('button', { name: '发红包' }));
    expect(await alertText()).toBe(MUTED);
    expect(onSent).not.toHaveBeenCalled();
  });

  /** Sends with a safety password against `answer`; the popup is left as it then is. */
  async function sendAgainst(answer: () => ReturnType<typeof refuse>) {
    props.onSettings.mockClear();
    net({ '/v1/chat/addMessage': answer });
    render(
      <>
        <SendDialog place={{ roomCode: 'r1' }} direct={false} onSent={vi.fn()} {...props} />
        <OverlayHost />
      </>,
    );
    await loaded();
    type('红包个数', '2');
    type('总金额（元）', '10');
    submit();
    const popup = await screen.findByRole('dialog', { name: '请输入资金密码' });
    fireEvent.change(within(popup).getByLabelText('资金密码'), { target: { value: '123456' } });
    fireEvent.click(within(popup).getByRole('button', { name: '发红包' }));
    return popup;
  }

  it('a refused safety password is said in the popup, which stays (its reason, whatever the text)', async () => {
    const popup = await sendAgainst(() =>
      refuse('密码不对，剩余2次', -1, refusalData(RefusalReason.SAFETY_PASSWORD_REFUSED)),
    );
    await waitFor(() =>
      expect(within(popup).getByRole('alert').textContent).toBe('密码不对，剩余2次'),
    );
    expect(screen.getByRole('dialog', { name: '请输入资金密码' })).toBeTruthy();
  });

  it('a refusal naming 资金密码 without that reason closes the popup and shows under the form', async () => {
    await sendAgainst(() => refuse('资金密码相关的其他原因'));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: '请输入资金密码' })).toBeNull(),
    );
    expect(await alertText()).toBe('资金密码相关的其他原因');
  });

  it('no safety password on the server (its reason, whatever the text) asks to set one', async () => {
    await sendAgainst(() =>
      refuse(
        '尚未设置',
        -1,
        refusalData(RefusalReason.NO_SAFETY_PASSWORD, { needSafetyPassword: true }),
      ),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: '请输入资金密码' })).toBeNull(),
    );
    // the 去设置 of this ask (an earlier test's closed ask may linger in jsdom: the newest is this one)
    const go = await waitFor(
      () => screen.getAllByRole('button', { name: '去设置', hidden: true }).at(-1)!,
    );
    fireEvent.click(go);
    await waitFor(() => expect(props.onSettings).toHaveBeenCalledWith('/findSecurityPassword'));
  });

  it('a private chat sends one ordinary envelope', async () => {
    const onSent = vi.fn();
    render(
      <>
        <SendDialog place={{ roomId: 12 }} direct onSent={onSent} {...props} />
        <OverlayHost />
      </>,
    );
    await loaded();
    expect(screen.queryByLabelText('红包个数')).toBeNull();
    expect(screen.queryByRole('button', { name: '拼手气红包' })).toBeNull();
    type('单个金额（元）', '8.8');
    submit();
    const popup = await screen.findByRole('dialog', { name: '请输入资金密码' });
    fireEvent.change(within(popup).getByLabelText('资金密码'), { target: { value: '123456' } });
    fireEvent.click(within(popup).getByRole('button', { name: '发红包' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    const [call] = callsTo('/v1/chat/addDirectMessage').map((c) => Object.fromEntries(c.body));
    expect(call).toMatchObject({ roomId: '12', messageTypeId: '3' });
    expect(JSON.parse(call!.message!)).toMatchObject({ num: 1, type: 1, amount: '8.80' });
  });
});

function Footer({ guest }: { guest?: () => void }) {
  const e = useEnvelopes({
    place: { roomCode: 'r1' },
    myId: guest ? null : 7,
    userName: 'player01',
    guestRegister: guest ?? null,
  });
  return (
    <>
      <Composer
        maxLength={100}
        blocked=""
        manager={false}
        onSend={async () => true}
        onImage={() => {}}
        imageStage=""
        onEnvelope={e.openSend}
      />
      {e.ui}
      <OverlayHost />
    </>
  );
}

describe('the footer button', () => {
  it('opens the send dialog (a late chunk)', async () => {
    render(<Footer />);
    fireEvent.click(screen.getByRole('button', { name: '发红包' }));
    expect(await screen.findByRole('dialog', { name: '发红包' })).toBeTruthy();
  });
  it('guests get 游客不能发红包，请先注册 with 注册 / 取消', async () => {
    const register = vi.fn();
    render(<Footer guest={register} />);
    fireEvent.click(screen.getByRole('button', { name: '发红包' }));
    const notice = await screen.findByRole('dialog', { name: '游客不能发红包，请先注册' });
    fireEvent.click(within(notice).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(register).not.toHaveBeenCalled();
    expect(callsTo('/v1/transfer/queryConfigurationInformation')).toHaveLength(0);
  });
});
