/** Manual balance adjustment; the requestId lives until success so a retry never moves money twice. */
import { useState } from 'react';
import { newRequestId } from '../../../domain/requests';
import { Button, TextField, showToast } from '../../ui';
import { adjustBalance } from './api';

const AMOUNT = /^-?\d{1,9}(\.\d{1,2})?$/;

export function AdjustPanel() {
  const [userName, setUserName] = useState('');
  const [amount, setAmount] = useState('');
  const [remark, setRemark] = useState('');
  const [requestId, setRequestId] = useState(() => newRequestId());
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState('');

  const submit = async () => {
    setError('');
    if (!userName.trim()) return setError('请输入用户名');
    if (!AMOUNT.test(amount) || Number(amount) === 0) return setError('请输入非零金额，最多两位小数');
    if (!remark.trim()) return setError('请输入备注');
    setBusy(true);
    try {
      const r = await adjustBalance({ userName: userName.trim(), amount, remark: remark.trim(), requestId });
      setResult(`${r.applied ? '调整成功' : '该请求已处理过'}，当前余额 ¥${r.balance}`);
      showToast('调整成功');
      setRequestId(newRequestId());
      setAmount('');
      setRemark('');
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form data-money-form onSubmit={(e) => { e.preventDefault(); void submit(); }} className="rounded-xl bg-white p-4">
      <TextField label="用户名" name="userName" value={userName} onChange={setUserName} maxLength={20} autoComplete="off" />
      <TextField label="金额（元，负数为扣款）" name="amount" value={amount} onChange={setAmount} inputMode="decimal" maxLength={13} />
      <TextField label="备注" name="remark" value={remark} onChange={setRemark} maxLength={200} />
      <p className="mb-3 break-all text-xs text-gray-600">请求编号：{requestId}</p>
      {error && <p role="alert" className="mb-3 text-sm text-red-700">{error}</p>}
      {result && <p role="status" className="mb-3 text-sm text-green-800">{result}</p>}
      <Button type="submit" loading={busy} className="w-full">提交调整</Button>
    </form>
  );
}
