/**
 * Issues of one lottery for the operator: the ones awaiting a result (official games) with the
 * 开奖 form, and the recent ones with 纠错 (correct a result: reverse and re-settle; official games
 * only, since a self-run result is fixed by its seed, so there the row says why and offers only
 * the cancel) and 撤销本期 (system cancel: every bet refunded). The server checks the result text
 * against the family's draw format and answers in Chinese; that answer is shown under the form.
 */
import { useState } from 'react';
import { Button, TextField } from '../../../ui';
import { SELF_RUN_NOT_CORRECTABLE, resultCorrectable } from '../../../../domain/lottery/correction';
import { DRAW_FORMATS } from '../../../../domain/lottery/draws';
import { fmtTime } from '../api';
import {
  cancelIssue,
  correctResult,
  listIssues,
  openResult,
  type AdminIssue,
  type AdminLottery,
  type IssueStatus,
} from './lotteryApi';
import { ActionError, AdminList, useConfirmedAction, type Column } from '../../../ui/AdminList';
import { keys, useQuery } from '../../../query';

const STATUS_TEXT: Record<IssueStatus, string> = {
  pending: '待开奖',
  drawn: '已开奖',
  settled: '已结算',
  cancelled: '已撤销',
};
type Mode = 'open' | 'correct' | 'cancel' | null;

/** e.g. "5个号码，0至9，用逗号分隔（1,2,3,4,5）". */
function resultHint(lottery: AdminLottery): string {
  const f = DRAW_FORMATS[lottery.family];
  const pad = (n: number) => (f.padded ? String(n).padStart(2, '0') : String(n));
  const sample = Array.from({ length: f.size }, (_, i) =>
    pad(f.min + (i % (f.max - f.min + 1))),
  ).join(',');
  return `${f.size}个号码，${pad(f.min)}至${pad(f.max)}${f.distinct ? '不重复' : ''}，用英文逗号分隔，如 ${sample}`;
}

/** 开奖 / 纠错 / 撤销本期 of one issue with the form each opens, in a card's foot or the table's last column. */
function IssueActions({
  lottery,
  row,
  onChanged,
}: {
  lottery: AdminLottery;
  row: AdminIssue;
  onChanged(): void;
}) {
  const [mode, setMode] = useState<Mode>(null);
  const [text, setText] = useState('');
  const [reason, setReason] = useState('');
  const { busy, error, setError, run } = useConfirmedAction(() => {
    setMode(null);
    setText('');
    setReason('');
    onChanged();
  });
  const due = row.status === 'pending' && row.openTime <= Date.now();
  const drawn = row.status === 'drawn' || row.status === 'settled';
  const correctable = resultCorrectable(lottery.source);
  const key = { lotteryCode: lottery.lotteryCode, issue: row.issue };

  const choose = (m: Mode) => {
    setMode(mode === m ? null : m);
    setText('');
    setReason('');
    setError('');
  };
  const submit = () => {
    const value = text.trim();
    if (mode === 'cancel') {
      if (!value) return setError('请输入撤销原因');
      return void run(
        `确定撤销 ${lottery.lotteryName} 第 ${row.issue} 期？本期全部投注将退款。`,
        () => cancelIssue({ ...key, remark: value }),
        '本期已撤销',
      );
    }
    if (!value) return setError('请输入开奖号码');
    if (mode === 'open')
      return void run(null, () => openResult({ ...key, result: value }), '开奖成功');
    const why = reason.trim() || undefined;
    return void run(
      `确定将第 ${row.issue} 期的开奖号码由 ${row.openNumber} 更正为 ${value}？已派奖金将冲正后重新结算，本次更正将在开奖验证页公开。`,
      () => correctResult({ ...key, result: value, reason: why }),
      '已更正开奖号码',
    );
  };

  return (
    <div className="min-w-56 whitespace-normal">
      <div className="flex flex-wrap gap-2">
        {due && lottery.source === 'official' && (
          <Button
            variant={mode === 'open' ? 'primary' : 'secondary'}
            onClick={() => choose('open')}
          >
            开奖
          </Button>
        )}
        {drawn && correctable && (
          <Button variant="secondary" onClick={() => choose('correct')}>
            纠错
          </Button>
        )}
        {row.status !== 'cancelled' && (
          <Button variant="danger" onClick={() => choose('cancel')}>
            撤销本期
          </Button>
        )}
      </div>
      {drawn && !correctable && (
        <p className="mt-1 text-xs text-gray-600">{SELF_RUN_NOT_CORRECTABLE}。</p>
      )}
      {mode && (
        <form
          className="mt-3"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {mode === 'cancel' ? (
            <TextField
              label="撤销原因"
              name={`remark-${row.issue}`}
              value={text}
              onChange={setText}
              maxLength={200}
            />
          ) : (
            <TextField
              label={mode === 'open' ? '开奖号码' : '正确的开奖号码'}
              name={`result-${row.issue}`}
              value={text}
              onChange={setText}
              maxLength={80}
              autoComplete="off"
              inputMode="numeric"
              hint={resultHint(lottery)}
            />
          )}
          {mode === 'correct' && (
            <TextField
              label="更正原因（选填，将公开显示）"
              name={`reason-${row.issue}`}
              value={reason}
              onChange={setReason}
              maxLength={200}
            />
          )}
          <Button
            type="submit"
            loading={busy}
            variant={mode === 'cancel' ? 'danger' : 'primary'}
            className="w-full"
          >
            {mode === 'open' ? '确认开奖' : mode === 'correct' ? '确认纠错' : '确认撤销'}
          </Button>
        </form>
      )}
      <ActionError message={error} />
    </div>
  );
}

function IssueCard({
  lottery,
  row,
  onChanged,
}: {
  lottery: AdminLottery;
  row: AdminIssue;
  onChanged(): void;
}) {
  return (
    <div data-issue={row.issue}>
      <div className="flex justify-between font-medium">
        <span>第 {row.issue} 期</span>
        <span>{STATUS_TEXT[row.status]}</span>
      </div>
      <p className="text-gray-700">
        封盘 {fmtTime(row.closeTime)} · 开奖 {fmtTime(row.openTime)}
      </p>
      {row.openNumber && <p className="font-mono text-gray-900">开奖号码：{row.openNumber}</p>}
      <div className="mt-2">
        <IssueActions lottery={lottery} row={row} onChanged={onChanged} />
      </div>
    </div>
  );
}

function issueColumns(lottery: AdminLottery, onChanged: () => void): Column<AdminIssue>[] {
  return [
    {
      label: '期号',
      cell: (r) => (
        <span data-issue={r.issue} className="font-medium tabular-nums">
          {r.issue}
        </span>
      ),
    },
    { label: '状态', cell: (r) => STATUS_TEXT[r.status], className: 'whitespace-nowrap' },
    {
      label: '封盘时间',
      cell: (r) => fmtTime(r.closeTime),
      className: 'whitespace-nowrap tabular-nums',
    },
    {
      label: '开奖时间',
      cell: (r) => fmtTime(r.openTime),
      className: 'whitespace-nowrap tabular-nums',
    },
    { label: '开奖号码', cell: (r) => r.openNumber || '-', className: 'font-mono' },
    {
      label: '操作',
      cell: (r) => <IssueActions lottery={lottery} row={r} onChanged={onChanged} />,
      actions: true,
    },
  ];
}

export function LotteryIssues({ lottery }: { lottery: AdminLottery }) {
  const [awaiting, setAwaiting] = useState(lottery.source === 'official');
  const state = useQuery({
    queryKey: keys.admin('issues', lottery.lotteryCode, awaiting),
    queryFn: () => listIssues(lottery.lotteryCode, awaiting ? 'awaiting' : undefined),
  });
  return (
    <section aria-label="期号管理">
      <fieldset className="mb-3 flex min-w-0 gap-2" aria-label="期号范围">
        <Button
          variant={awaiting ? 'primary' : 'secondary'}
          aria-pressed={awaiting}
          onClick={() => setAwaiting(true)}
        >
          待开奖
        </Button>
        <Button
          variant={awaiting ? 'secondary' : 'primary'}
          aria-pressed={!awaiting}
          onClick={() => setAwaiting(false)}
        >
          最近期号
        </Button>
        <Button variant="secondary" onClick={state.reload}>
          刷新
        </Button>
      </fieldset>
      <AdminList
        state={state}
        empty={awaiting ? '没有等待开奖的期号' : '暂无期号'}
        keyOf={(r) => r.issue}
        label="期号列表"
        columns={issueColumns(lottery, state.reload)}
      >
        {(r) => <IssueCard lottery={lottery} row={r} onChanged={state.reload} />}
      </AdminList>
    </section>
  );
}
