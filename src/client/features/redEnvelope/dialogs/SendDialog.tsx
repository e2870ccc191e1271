/**
 * The send dialog (spec 001 §2, §5): 普通红包 (amount per person times count) or 拼手气红包 (the
 * total split at open); a private chat sends one ordinary envelope. The config (remaining quota,
 * per-person maximum, daily count) is asked 300 ms after opening; the form is checked with the spec's
 * messages, then the safety password, then the send goes as a money action (request id, the one
 * retry dialog). A player without a safety password is asked to set one.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Sheet } from '../../../ui/Sheet';
import { Button, confirmDialog } from '../../../ui';
import { keys, useQuery } from '../../../query';
import { useMoneyAction } from '../../../money/useMoneyAction';
import { getEnvelopeConfig, sendEnvelope, type Place } from '../api';
import type { ChatMessage } from '../../chat/api';
import { DEFAULT_WISH } from '../payload';
import {
  AMOUNT_INPUT,
  CONFIG_DELAY_MS,
  limitsOf,
  NUM_INPUT,
  totalFen,
  validateEnvelopeSend,
  WISH_MAX,
} from '../sendRules';
import { SafetyDialog } from '../../cards/components/SafetyDialog';
import { SET_SAFETY_PASSWORD_PATH } from '../../cards/state';
import { canonicalJson } from '../../../../domain/requests';
import { formatFen, yuanText } from '../../../../domain/money';
import { RefusalReason } from '../../../../domain/errors';
import { refusalReason } from '../../../api/request';

export const NO_SAFETY_PASSWORD_MSG = '请先设置资金密码';
const FIELD =
  'block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-[15px] focus:border-brand focus:outline-none';

export function SendDialog({
  place,
  myId,
  userName,
  direct,
  onSent,
  onSettings,
  onClose,
}: {
  place: Place;
  myId: number;
  userName: string;
  direct: boolean;
  onSent(m: ChatMessage): void;
  onSettings(path: string): void;
  onClose(): void;
}) {
  const [type, setType] = useState<1 | 2>(direct ? 1 : 2);
  const [num, setNum] = useState(direct ? '1' : '');
  const [amount, setAmount] = useState('');
  const [wish, setWish] = useState('');
  const [error, setError] = useState('');
  const [safety, setSafety] = useState(false);
  const [ask, setAsk] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setAsk(true), CONFIG_DELAY_MS);
    return () => clearTimeout(t);
  }, []);
  const config = useQuery({
    queryKey: keys.redEnvelopes('config'),
    queryFn: getEnvelopeConfig,
    enabled: ask,
  });
  const c = config.data;
  const money = useMoneyAction<ChatMessage>(myId, 'envelope');
  const total = totalFen(type, num, amount);
  const form = {
    num: Number(num),
    type,
    amount,
    wishingRemark: wish.trim() || c?.defaultWish || DEFAULT_WISH,
  };

  const askSettings = async () => {
    if (await confirmDialog(NO_SAFETY_PASSWORD_MSG, { okText: '去设置', cancelText: '取消' }))
      onSettings(SET_SAFETY_PASSWORD_PATH);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const msg = validateEnvelopeSend({ type, num, amount, wish }, limitsOf(c), direct);
    setError(msg);
    if (msg) return;
    if (c && !c.hasSafetyPassword) {
      void askSettings();
      return;
    }
    setSafety(true);
  };

  const send = async (safetyPassword: string) => {
    const body = { ...form, amount: yuanText(amount) };
    const out = await money.run(canonicalJson({ place, body }), (requestId) =>
      sendEnvelope(place, body, userName, safetyPassword, requestId),
    );
    if (out.ok) {
      setSafety(false);
      onSent(out.result);
      return;
    }
    const why = out.reason === 'refused' ? refusalReason(out.error) : null;
    if (why === RefusalReason.NO_SAFETY_PASSWORD) {
      setSafety(false);
      void askSettings();
      return;
    }
    // a refused safety password is said in the popup; any other refusal closes it and shows under the form
    if (why === RefusalReason.SAFETY_PASSWORD_REFUSED) throw new Error(out.message);
    setSafety(false);
    setError(out.message);
    if (out.reason === 'refused') config.reload();
  };

  const typeBtn = (t: 1 | 2, label: string) => (
    <button
      type="button"
      aria-pressed={type === t}
      onClick={() => {
        setType(t);
        setError('');
      }}
      className={`flex-1 rounded-full border py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-brand ${type === t ? 'border-[#d93a26] bg-[#d93a26] text-white' : 'border-gray-300 text-gray-700'}`}
    >
      {label}
    </button>
  );

  return (
    <>
      <Sheet open={!safety} title="发红包" onClose={onClose}>
        <form onSubmit={submit} noValidate className="space-y-3" aria-label="发红包">
          {!direct && (
            <fieldset className="flex gap-2">
              <legend className="sr-only">红包类型</legend>
              {typeBtn(2, '拼手气红包')}
              {typeBtn(1, '普通红包')}
            </fieldset>
          )}
          {!direct && (
            <label className="block text-sm text-gray-700">
              红包个数
              <input
                name="num"
                inputMode="numeric"
                value={num}
                placeholder="填写个数"
                className={`${FIELD} mt-1`}
                onChange={(e) => {
                  if (NUM_INPUT.test(e.target.value)) {
                    setNum(e.target.value);
                    setError('');
                  }
                }}
              />
            </label>
          )}
          <label className="block text-sm text-gray-700">
            {type === 2 ? '总金额（元）' : '单个金额（元）'}
            <input
              name="amount"
              inputMode="decimal"
              value={amount}
              placeholder="0.00"
              className={`${FIELD} mt-1`}
              onChange={(e) => {
                if (AMOUNT_INPUT.test(e.target.value)) {
                  setAmount(e.target.value);
                  setError('');
                }
              }}
            />
          </label>
          <label className="block text-sm text-gray-700">
            祝福语
            <input
              name="wish"
              value={wish}
              maxLength={WISH_MAX}
              placeholder={c?.defaultWish || DEFAULT_WISH}
              className={`${FIELD} mt-1`}
              onChange={(e) => setWish(e.target.value)}
            />
          </label>
          <p className="text-xs text-gray-500" aria-live="polite" data-testid="send-limits">
            {config.error ? (
              <span>
                额度加载失败{' '}
                <button type="button" className="text-brand underline" onClick={config.reload}>
                  重试
                </button>
              </span>
            ) : c ? (
              `今日剩余额度${yuanText(c.amount)}元，人均最高${yuanText(c.maxAmount)}元，今日已发${c.dayLimitSendCount}/${c.dayLimitCount}次`
            ) : (
              '正在加载额度…'
            )}
          </p>
          <p className="text-center text-gray-900" data-testid="send-total">
            <span className="sr-only">合计</span>
            <span className="text-3xl font-bold tabular-nums">
              ¥{total === null ? '0.00' : formatFen(total)}
            </span>
          </p>
          {error && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
              {error}
            </p>
          )}
          <Button type="submit" className="w-full !bg-[#d93a26] text-white" loading={money.busy}>
            塞钱进红包
          </Button>
        </form>
      </Sheet>
      {safety && (
        <SafetyDialog
          title="请输入资金密码"
          okText="发红包"
          onConfirm={send}
          onClose={() => setSafety(false)}
        />
      )}
    </>
  );
}
