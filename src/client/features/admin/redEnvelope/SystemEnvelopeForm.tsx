/** A room-wide system envelope funded by the house, sent in the room as the operator (a money action: one request id, the retry dialog). */
import { useState } from 'react';
import { keys, useQuery } from '../../../query';
import { useMoneyAction } from '../../../money/useMoneyAction';
import { currentUser } from '../../../state/session';
import { Button, Select, TextField, showToast } from '../../../ui';
import { listRooms } from '../chat/chatApi';
import { sendSystemEnvelope } from './redEnvelopeApi';
import { DEFAULT_WISH } from '../../redEnvelope/payload';
import { AMOUNT_INPUT, NUM_INPUT } from '../../redEnvelope/sendRules';

export function SystemEnvelopeForm() {
  const rooms = useQuery({ queryKey: keys.admin('chatRooms'), queryFn: listRooms });
  const [form, setForm] = useState({
    roomCode: '',
    num: '',
    type: 2 as 1 | 2,
    amount: '',
    wishingRemark: '',
  });
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const { run, busy } = useMoneyAction(currentUser.value?.userId ?? 0, 'envelope');
  const roomCode = form.roomCode || rooms.data?.list[0]?.roomCode || '';
  const submit = async () => {
    setError('');
    setDone('');
    if (!roomCode) return setError('请选择房间');
    const body = { ...form, roomCode, wishingRemark: form.wishingRemark.trim() || DEFAULT_WISH };
    const out = await run(JSON.stringify(body), (requestId) => sendSystemEnvelope(body, requestId));
    if (!out.ok) return setError(out.message);
    const recordId = (() => {
      try {
        return (JSON.parse(out.result.message) as { recordId?: string }).recordId ?? '';
      } catch {
        return '';
      }
    })();
    setDone(`已发送 ${recordId}`);
    showToast('发送成功');
    setForm({ ...form, num: '', amount: '', wishingRemark: '' });
  };
  return (
    <form
      aria-label="系统红包"
      className="rounded-xl bg-white p-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Select
        label="房间"
        value={roomCode}
        onChange={(v) => setForm({ ...form, roomCode: v })}
        options={(rooms.data?.list ?? []).map((r) => ({ value: r.roomCode, label: r.title }))}
      />
      {rooms.error && (
        <p role="alert" className="mb-2 text-sm text-red-700">
          {rooms.error.message}
        </p>
      )}
      <Select
        label="类型"
        value={form.type}
        onChange={(v) => setForm({ ...form, type: v })}
        options={[
          { value: 2, label: '拼手气红包（总金额）' },
          { value: 1, label: '普通红包（单个金额）' },
        ]}
      />
      <TextField
        label="红包个数"
        name="num"
        inputMode="numeric"
        value={form.num}
        onChange={(v) => {
          if (NUM_INPUT.test(v)) setForm({ ...form, num: v });
        }}
      />
      <TextField
        label={form.type === 2 ? '总金额（元）' : '单个金额（元）'}
        name="amount"
        inputMode="decimal"
        value={form.amount}
        onChange={(v) => {
          if (AMOUNT_INPUT.test(v)) setForm({ ...form, amount: v });
        }}
      />
      <TextField
        label="祝福语"
        name="wishingRemark"
        maxLength={20}
        placeholder={DEFAULT_WISH}
        value={form.wishingRemark}
        onChange={(v) => setForm({ ...form, wishingRemark: v })}
      />
      {error && (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {error}
        </p>
      )}
      {done && (
        <p role="status" className="mb-3 text-sm text-green-800">
          {done}
        </p>
      )}
      <Button type="submit" loading={busy} className="w-full">
        发送系统红包
      </Button>
    </form>
  );
}
