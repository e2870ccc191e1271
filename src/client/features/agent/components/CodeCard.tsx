/** One invite code: its points per family, remark (editable), use count, created time, copy and delete. */
import { useState } from 'react';
import { Button, TextField, confirmDialog, requireOnline, showToast } from '../../../ui';
import { INVITE_REMARK_MAX_CHARS } from '../../../../domain/agent/inviteCodes';
import { formatBeijing } from '../../../../domain/time';
import { copyText } from '../../../ui/CopyRow';
import { FormAlert } from '../../../ui/FormAlert';
import { keys, queryClient } from '../../../query';
import { deleteInviteCode, updateInviteCodeRemark, type InviteCode } from '../api';
import { pointsSummary } from '../points';
import { remarkProblem } from './CreateCodeForm';
import { useFormAction } from '../../../query/useFormMutation';

/** The register page's address with the code filled in (RegisterPage reads ?inviteCode=). */
export function registerLink(origin: string, code: string): string {
  return `${origin}/register?inviteCode=${encodeURIComponent(code)}`;
}

const ACTION =
  'min-h-10 rounded-lg px-3 text-sm ring-1 focus-visible:outline-2 focus-visible:outline-brand';

export function CodeCard({ code }: { code: InviteCode }) {
  const [editing, setEditing] = useState(false);
  const deletion = useFormAction({
    onError: (err) => showToast(err.message),
  });
  const deleting = deletion.isPending;
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: keys.agent('codes', code.isAgent) });

  async function copy(text: string, what: string) {
    showToast((await copyText(text)) ? `${what}已复制` : '复制失败，请长按手动复制');
  }

  async function remove() {
    if (
      !(await confirmDialog(`确定删除邀请码 ${code.inviteCode} 吗？删除后不能再用它注册。`, {
        okText: '删除',
      }))
    )
      return;
    if (!(await requireOnline())) return;
    await deletion.submit(async () => {
      await deleteInviteCode(code.id);
      showToast('邀请码已删除');
      await refresh();
    });
  }

  return (
    <li
      aria-label={`邀请码 ${code.inviteCode}`}
      className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200"
    >
      <div className="flex items-center justify-between gap-2">
        <p className="font-mono text-xl font-bold tracking-widest text-gray-900">
          {code.inviteCode}
        </p>
        <span className="rounded-full bg-brand/10 px-2 py-0.5 text-xs text-brand">
          {code.isAgent ? '代理' : '会员'}
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-3 text-sm text-gray-700">
        <div className="flex gap-1">
          <dt>注册人数：</dt>
          <dd className="font-medium text-gray-900">{code.useCount}</dd>
        </div>
        <div className="flex gap-1">
          <dt>类型：</dt>
          <dd>{code.isAgent ? '代理' : '会员'}</dd>
        </div>
        <div className="col-span-2 flex gap-1">
          <dt>创建时间：</dt>
          <dd>{formatBeijing(code.createTime, 'YYYY-MM-DD HH:mm')}</dd>
        </div>
        <div className="col-span-2 flex min-w-0 gap-1">
          <dt className="shrink-0">备注：</dt>
          <dd className="break-all">{code.remark || '无'}</dd>
        </div>
      </dl>
      <ul
        aria-label="返点"
        className="mt-2 grid grid-cols-5 gap-1 rounded-lg bg-gray-50 p-2 text-center text-xs"
      >
        {pointsSummary(code.rebate).map((p) => (
          <li key={p.family}>
            <span className="block text-gray-600">{p.name}</span>
            <span className="font-semibold text-gray-900">{p.point}</span>
          </li>
        ))}
      </ul>
      {editing && <RemarkEditor code={code} onDone={() => setEditing(false)} onSaved={refresh} />}
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={`${ACTION} text-brand ring-brand/40`}
          onClick={() => void copy(code.inviteCode, '邀请码')}
        >
          复制邀请码
        </button>
        <button
          type="button"
          className={`${ACTION} text-brand ring-brand/40`}
          onClick={() => void copy(registerLink(location.origin, code.inviteCode), '注册链接')}
        >
          复制注册链接
        </button>
        {!editing && (
          <button
            type="button"
            className={`${ACTION} text-gray-800 ring-gray-300`}
            onClick={() => setEditing(true)}
          >
            修改备注
          </button>
        )}
        <button
          type="button"
          className={`${ACTION} text-red-700 ring-red-300 disabled:opacity-60`}
          disabled={deleting}
          aria-busy={deleting || undefined}
          onClick={() => void remove()}
        >
          {deleting ? '删除中' : '删除'}
        </button>
      </div>
    </li>
  );
}

function RemarkEditor({
  code,
  onDone,
  onSaved,
}: {
  code: InviteCode;
  onDone(): void;
  onSaved(): Promise<void>;
}) {
  const [value, setValue] = useState(code.remark);
  const saving = useFormAction();
  const { message: error, setMessage: setError, isPending: busy } = saving;
  async function save(e: React.FormEvent) {
    e.preventDefault();
    const msg = remarkProblem(value);
    if (msg) {
      setError(msg);
      return;
    }
    await saving.submit(async () => {
      await updateInviteCodeRemark(code.id, value.trim());
      showToast('备注已修改');
      await onSaved();
      onDone();
    });
  }
  return (
    <form onSubmit={save} noValidate className="mt-3">
      <TextField
        label="新备注"
        name="remark"
        value={value}
        onChange={setValue}
        maxLength={INVITE_REMARK_MAX_CHARS}
        autoComplete="off"
      />
      <FormAlert message={error} />
      <div className="flex gap-2">
        <Button type="submit" loading={busy} className="flex-1">
          保存备注
        </Button>
        <Button variant="secondary" onClick={onDone} className="flex-1">
          取消
        </Button>
      </div>
    </form>
  );
}
