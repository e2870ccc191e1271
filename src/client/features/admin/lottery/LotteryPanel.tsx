/**
 * 彩票管理: every lottery with its sale switch; one lottery's settings (prize group cap, close
 * lead), payout caps, odds overrides and issues (开奖 / 纠错 / 撤销本期).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Button, TextField } from '../../../ui';
import { listLotteries, updateLottery, type AdminLottery } from './lotteryApi';
import { ActionError, AdminList, useConfirmedAction, type Column } from '../../../ui/AdminList';
import { LotteryOdds } from './LotteryOdds';
import { LotteryIssues } from './LotteryIssues';
import { LotteryCaps } from './LotteryCaps';
import { keys, queryClient, useQuery } from '../../../query';

const SOURCE_TEXT = { self: '自营', official: '官方' } as const;
const INTEGER = /^\d{1,5}$/;

/** 管理 / 停售 (启用) of one lottery, in its card or the table's last column. */
function LotteryActions({
  lottery,
  onOpen,
  onChanged,
}: {
  lottery: AdminLottery;
  onOpen(): void;
  onChanged(): void;
}) {
  const { busy, error, run } = useConfirmedAction(onChanged);
  const next = !lottery.enabled;
  const toggle = () =>
    void run(
      `确定${next ? '启用' : '停售'} ${lottery.lotteryName}？`,
      () => updateLottery({ lotteryCode: lottery.lotteryCode, enabled: next }),
      next ? '已启用' : '已停售',
    );
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button onClick={onOpen} aria-label={`管理${lottery.lotteryName}`}>
          管理
        </Button>
        <Button variant={lottery.enabled ? 'danger' : 'secondary'} loading={busy} onClick={toggle}>
          {lottery.enabled ? '停售' : '启用'}
        </Button>
      </div>
      <ActionError message={error} />
    </>
  );
}

function OnSale({ lottery }: { lottery: AdminLottery }) {
  return (
    <span
      className={
        lottery.enabled ? 'whitespace-nowrap text-green-800' : 'whitespace-nowrap text-gray-600'
      }
    >
      {lottery.enabled ? '销售中' : '已停售'}
    </span>
  );
}

type Handlers = { onOpen(l: AdminLottery): void; onChanged(): void };

function LotteryCard({ lottery, onOpen, onChanged }: { lottery: AdminLottery } & Handlers) {
  return (
    <div data-lottery={lottery.lotteryCode}>
      <div className="flex justify-between font-medium">
        <span>
          {lottery.lotteryName}（{lottery.lotteryCode}）
        </span>
        <OnSale lottery={lottery} />
      </div>
      <p className="text-gray-700">
        {SOURCE_TEXT[lottery.source]} · {lottery.family} · 奖金组上限 {lottery.prizeGroupCap} ·
        封盘提前 {lottery.closeLeadSec} 秒
      </p>
      <div className="mt-2">
        <LotteryActions lottery={lottery} onOpen={() => onOpen(lottery)} onChanged={onChanged} />
      </div>
    </div>
  );
}

function lotteryColumns({ onOpen, onChanged }: Handlers): Column<AdminLottery>[] {
  return [
    {
      label: '彩种',
      cell: (l) => (
        <span data-lottery={l.lotteryCode} className="font-medium">
          {l.lotteryName}
        </span>
      ),
    },
    { label: '代码', cell: (l) => l.lotteryCode, className: 'tabular-nums' },
    { label: '来源', cell: (l) => SOURCE_TEXT[l.source] },
    { label: '玩法类型', cell: (l) => l.family },
    { label: '奖金组上限', cell: (l) => l.prizeGroupCap, align: 'end' },
    { label: '封盘提前', cell: (l) => `${l.closeLeadSec} 秒`, align: 'end' },
    { label: '状态', cell: (l) => <OnSale lottery={l} /> },
    {
      label: '操作',
      cell: (l) => <LotteryActions lottery={l} onOpen={() => onOpen(l)} onChanged={onChanged} />,
      actions: true,
    },
  ];
}

function LotterySettings({
  lottery,
  onSaved,
}: {
  lottery: AdminLottery;
  onSaved(row: AdminLottery): void;
}) {
  const [cap, setCap] = useState(String(lottery.prizeGroupCap));
  const [lead, setLead] = useState(String(lottery.closeLeadSec));
  const { busy, error, setError, run } = useConfirmedAction();
  useEffect(() => {
    setCap(String(lottery.prizeGroupCap));
    setLead(String(lottery.closeLeadSec));
  }, [lottery]);
  const save = () => {
    if (!INTEGER.test(cap.trim())) return setError('奖金组上限应为整数');
    if (!INTEGER.test(lead.trim())) return setError('封盘提前秒数应为整数');
    void run(
      null,
      async () => {
        onSaved(
          await updateLottery({
            lotteryCode: lottery.lotteryCode,
            prizeGroupCap: Number(cap),
            closeLeadSec: Number(lead),
          }),
        );
      },
      '设置已保存',
    );
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <TextField
        label="奖金组上限"
        name="prizeGroupCap"
        value={cap}
        onChange={setCap}
        inputMode="numeric"
        maxLength={4}
      />
      <TextField
        label="封盘提前（秒）"
        name="closeLeadSec"
        value={lead}
        onChange={setLead}
        inputMode="numeric"
        maxLength={5}
      />
      <Button type="submit" loading={busy} className="w-full">
        保存设置
      </Button>
      <ActionError message={error} />
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mb-4 rounded-xl bg-white p-4">
      <h2 className="mb-3 text-base font-semibold text-gray-900">{title}</h2>
      {children}
    </section>
  );
}

function LotteryDetail({
  lottery,
  onBack,
  onSaved,
}: {
  lottery: AdminLottery;
  onBack(): void;
  onSaved(row: AdminLottery): void;
}) {
  return (
    <div>
      <div className="mb-3 flex items-center justify-between">
        <h2 className="text-lg font-semibold text-gray-900">
          {lottery.lotteryName}（{lottery.lotteryCode}）
        </h2>
        <Button variant="secondary" onClick={onBack}>
          返回列表
        </Button>
      </div>
      <Section title="基本设置">
        <LotterySettings lottery={lottery} onSaved={onSaved} />
      </Section>
      <Section title="派奖限额">
        <LotteryCaps lottery={lottery} onSaved={onSaved} />
      </Section>
      <Section title="赔率">
        <LotteryOdds lottery={lottery} onSaved={onSaved} />
      </Section>
      <Section title="期号与开奖">
        <LotteryIssues lottery={lottery} />
      </Section>
    </div>
  );
}

export function LotteryPanel() {
  const state = useQuery({ queryKey: keys.admin('lotteries'), queryFn: listLotteries });
  const [openCode, setOpenCode] = useState<string | null>(null);
  const [edited, setEdited] = useState<AdminLottery | null>(null);
  const fromList = state.data?.list.find((l) => l.lotteryCode === openCode);
  const open = edited?.lotteryCode === openCode ? edited : fromList;
  // the players' lottery list (hall, betting, records) is cached for the page's life: an edit drops it
  const changed = () => {
    state.reload();
    void queryClient.invalidateQueries({ queryKey: keys.lotteries() });
  };
  const handlers: Handlers = { onOpen: (l) => setOpenCode(l.lotteryCode), onChanged: changed };
  if (open) {
    return (
      <LotteryDetail
        lottery={open}
        onSaved={setEdited}
        onBack={() => {
          setOpenCode(null);
          setEdited(null);
          changed();
        }}
      />
    );
  }
  return (
    <AdminList
      state={state}
      empty="暂无彩种"
      keyOf={(l) => l.lotteryCode}
      label="彩种列表"
      columns={lotteryColumns(handlers)}
    >
      {(l) => <LotteryCard lottery={l} {...handlers} />}
    </AdminList>
  );
}
