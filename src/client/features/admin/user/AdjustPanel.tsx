/**
 * Manual balance adjustment, sent as a money action (src/client/money): a retry never moves money
 * twice. Before it is sent the operator confirms what will happen (user, amount, balance before and
 * after), in the confirm dialog every operator action uses.
 */
import { useState } from 'react';
import { useMoneyAction } from '../../../money/useMoneyAction';
import { currentUser } from '../../../state/session';
import { formatFen, parseYuanToFen } from '../../../../domain/money';
import { Button, TextField, confirmDialog, showToast } from '../../../ui';
import { adjustBalance, searchUsers } from '../api';

const AMOUNT = /^-?\d{1,9}(\.\d{1,2})?$/;

/** What the confirm dialog says: the user, the amount and the balance after; throws the refusal (no such user, too little money). */
async function confirmText(userName: string, amount: string): Promise<string> {
  const { list } = await searchUsers(userName);
  const user = list.find((u) => u.userName.toLowerCase() === userName.toLowerCase());
  if (!user) throw new Error('用户不存在');
  const amountFen = parseYuanToFen(amount, { allowNegative: true }) ?? 0;
  const beforeFen = parseYuanToFen(user.balance) ?? 0;
  const afterFen = beforeFen + amountFen;
  if (afterFen < 0) throw new Error(`余额不足，${user.userName} 当前余额 ¥${user.balance}`);
  const what = amountFen > 0 ? `加款 ¥${formatFen(amountFen)}` : `扣款 ¥${formatFen(-amountFen)}`;
  return `确认为 ${user.userName} ${what}？当前余额 ¥${user.balance}，调整后余额 ¥${formatFen(afterFen)}。`;
}

export function AdjustPanel() {
  const [userName, setUserName] = useState('');
  const [amount, setAmount] = useState('');
  const [remark, setRemark] = useState('');
  const [error, setError] = useState('');
  const [result, setResult] = useState('');
  const { run, busy } = useMoneyAction(currentUser.value?.userId ?? 0, 'adjust');

  const submit = async () => {
    setError('');
    if (!userName.trim()) return setError('请输入用户名');
    if (!AMOUNT.test(amount) || Number(amount) === 0)
      return setError('请输入非零金额，最多两位小数');
    if (!remark.trim()) return setError('请输入备注');
    const form = { userName: userName.trim(), amount, remark: remark.trim() };
    const question = await confirmText(form.userName, amount).catch((e: Error) => e);
    if (question instanceof Error) return setError(question.message);
    if (!(await confirmDialog(question, { okText: '确认调账', cancelText: '取消' }))) return;
    const out = await run(JSON.stringify(form), (requestId) =>
      adjustBalance({ ...form, requestId }),
    );
    if (!out.ok) return setError(out.message);
    setResult(
      `${out.result.applied ? '调整成功' : '该请求已处理过'}，当前余额 ¥${out.result.balance}`,
    );
    showToast('调整成功');
    setAmount('');
    setRemark('');
  };

  return (
    <form
      data-money-form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      className="rounded-xl bg-white p-4"
    >
      <TextField
        label="用户名"
        name="userName"
        value={userName}
        onChange={setUserName}
        maxLength={20}
        autoComplete="off"
      />
      <TextField
        label="金额（元，负数为扣款）"
        name="amount"
        value={amount}
        onChange={setAmount}
        inputMode="decimal"
        maxLength={13}
      />
      <TextField label="备注" name="remark" value={remark} onChange={setRemark} maxLength={200} />
      {error && (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {error}
        </p>
      )}
      {result && (
        <p role="status" className="mb-3 text-sm text-green-800">
          {result}
        </p>
      )}
      <Button type="submit" loading={busy} className="w-full">
        提交调整
      </Button>
    </form>
  );
}
