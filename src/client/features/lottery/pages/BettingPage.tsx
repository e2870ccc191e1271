/**
 * /lottery/:type/:code — pick numbers, fill the 号码篮, bet the issue on sale or chase the next ones.
 * An unknown code goes to '/'; the page title becomes the lottery's name.
 */
import { useCallback, useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Link, useLocation } from 'wouter';
import { ErrorState, LoadingState, Page, requireOnline, showAlert, showToast } from '../../../ui';
import { currentUser } from '../../../state/session';
import { isOnline, online } from '../../../api/network';
import { whenPageSettled } from '../../../settled';
import { usePageTitle } from '../../../state/pageTitle';
import { formatFen } from '../../../../domain/money';
import {
  addBetting,
  addChaseBetting,
  queryBalance,
  type ChaseBettingData,
  type RebateInfo,
} from '../betsApi';
import { EARLY_TTL_MS, fetchEarly } from '../early';
import { keys, queryClient, useQuery } from '../../../query';
import { isFamily } from '../families';
import { loadRebate, dropRebate } from '../storage';
import { useLotteries } from '../hooks/useLotteries';
import { useIssue } from '../hooks/useIssue';
import { usePlays } from '../hooks/usePlays';
import { useFamilyPlays } from '../hooks/useFamilyPlays';
import { useBetSubmit } from '../hooks/useBetSubmit';
import { loadPanels, usePanels } from '../hooks/usePanels';
import { preloadMoneyAction } from '../../../money/useMoneyAction';
import { useRouteParams } from '../hooks/useRouteParams';
import {
  chaseBlockReason,
  domainPlay,
  slipLines,
  slipTotalFen,
  toBettingRow,
  type Ticket,
} from '../ticket';
import { IssueBar } from '../components/IssueBar';
import { BetBoard } from '../components/BetBoard';
import { CapNote } from '../components/CapNote';

export const ROUTE = '/lottery/:type/:code';

type Panel = null | 'slip' | 'confirm' | 'chase' | { success: string; orderIds?: number[] };

export default function BettingPage() {
  useSignals();
  const { type = '', code = '' } = useRouteParams(ROUTE);
  const [, navigate] = useLocation();
  const lotteries = useLotteries();
  const item = lotteries.list?.find((l) => l.lotteryCode === code);
  const userId = currentUser.value?.userId ?? 0;

  useEffect(() => {
    if (!lotteries.list) return;
    if (!item) navigate('/', { replace: true });
    else if (item.family !== type)
      navigate(`/lottery/${item.family}/${item.lotteryCode}`, { replace: true });
  }, [lotteries.list, item, type, navigate]);
  usePageTitle(item?.lotteryName ?? null);
  // the sheets and the money-action code, ahead of the first tap that needs them (usePanels)
  useEffect(() => {
    whenPageSettled(() => {
      loadPanels().catch(() => {});
      preloadMoneyAction();
    });
  }, []);

  // The code and family of the address are asked about at once, beside the lottery list (not after
  // it): an unknown code is refused by the server and the page goes to '/' when the list arrives.
  const family = isFamily(type) ? type : null;
  const catalogue = usePlays(userId, code);
  // the rules of the family's plays (its own code file, asked for at app start by early.ts)
  const rules = useFamilyPlays(item?.family ?? family);
  const [rebate, setRebate] = useState<RebateInfo | null>(null);
  const [rebateError, setRebateError] = useState(false);
  const refreshRebate = useCallback(
    async (drop: boolean) => {
      if (!family || !userId) return;
      if (drop) await dropRebate(userId, family);
      try {
        const r = await loadRebate(userId, family, true);
        queryClient.setQueryData(keys.rebate(userId, family), r);
        setRebate(r);
        setRebateError(false);
      } catch {
        setRebateError(true);
      }
    },
    [family, userId],
  );
  useEffect(() => {
    if (!family || !userId) return;
    fetchEarly(keys.rebate(userId, family), () => loadRebate(userId, family)).then(
      (r) => {
        setRebate(r);
        setRebateError(false);
      },
      () => setRebateError(true),
    );
  }, [family, userId]);

  // kept current by the cache: a bet's answer, a draw and its settlement (IssueBar) refresh it
  const balanceQuery = useQuery({
    queryKey: keys.balance(),
    queryFn: queryBalance,
    staleTime: EARLY_TTL_MS,
  });
  const balance = balanceQuery.data?.balance ?? null;

  const issue = useIssue(code, (from, to) => {
    showToast(to ? `第${from}期已截止，当前为第${to}期` : `第${from}期已截止，暂停销售`);
  });
  const [slip, setSlip] = useState<Ticket[]>([]);
  const [panel, setPanel] = useState<Panel>(null);
  const [dragonOpen, setDragonOpen] = useState(false);
  const [confirmTickets, setConfirmTickets] = useState<Ticket[]>([]);
  const P = usePanels(panel !== null || dragonOpen, () => {
    setPanel(null);
    setDragonOpen(false);
  });
  const bets = useBetSubmit({
    userId,
    onRebateStale: (drop) => {
      void refreshRebate(drop);
    },
  });

  const onSale = Boolean(issue.data?.issue) && (issue.remainingMs ?? 0) > 0;
  // offline the bet button stays enabled, so a tap says why nothing can be sent (openConfirm)
  const openConfirm = (tickets: Ticket[]) => {
    if (!tickets.length) return;
    if (!isOnline()) {
      void requireOnline();
      return;
    }
    if (!onSale) {
      void showAlert('当前期已封盘，请稍候下一期');
      return;
    }
    setConfirmTickets(tickets);
    setPanel('confirm');
  };

  const sendBets = async () => {
    const betIssue = issue.data?.issue;
    setPanel(null);
    if (!betIssue || !onSale) {
      await showAlert('当前期已封盘，请稍候下一期');
      return;
    }
    const rows = confirmTickets.map((t) => toBettingRow(t, betIssue));
    const res = await bets.submit('bet', JSON.stringify(rows), (rid) => addBetting(rows, rid));
    if (!res) return;
    const sent = new Set(confirmTickets.map((t) => t.key));
    setSlip((s) => s.filter((t) => !sent.has(t.key)));
    setPanel({
      success: `我在${item?.lotteryName ?? ''}第${betIssue}期投注了${slipLines(confirmTickets)}注，共${formatFen(slipTotalFen(confirmTickets))}元，一起来试试手气！`,
      orderIds: res.orders.map((o) => o.id),
    });
  };

  const sendChase = async (data: ChaseBettingData) => {
    setPanel(null);
    const res = await bets.submit('chase', JSON.stringify(data), (rid) =>
      addChaseBetting(data, rid),
    );
    if (!res) return;
    setSlip([]);
    setPanel({
      success: `我在${item?.lotteryName ?? ''}追号${data.chaseCount}期，从第${data.startIssue}期开始，共${data.bettingAllAmount}元！`,
    });
  };

  const chaseBlocked = chaseBlockReason(slip);
  const canChase = chaseBlocked === null;
  const chasePlay =
    canChase && item && rules.ready ? domainPlay(item.family, slip[0]!.playDetailCode) : undefined;

  // the payout caps under the slip and the confirmation, with a warning for tickets above the per-bet cap
  const capNote = (tickets: Ticket[]) =>
    catalogue.data && rebate && item ? (
      <CapNote
        caps={catalogue.data.payoutCaps}
        tickets={tickets}
        family={item.family}
        catalogue={catalogue.data}
        userGroup={rebate.prizeGroup}
      />
    ) : null;

  if (lotteries.error)
    return (
      <Page title="购彩" back="/lotteryHall">
        <ErrorState message={lotteries.error.message} onRetry={lotteries.reload} />
      </Page>
    );
  if (!item)
    return (
      <Page title="购彩" back="/lotteryHall">
        <LoadingState />
      </Page>
    );

  return (
    <Page
      title={item.lotteryName}
      back="/lotteryHall"
      actions={
        <>
          <button
            type="button"
            onClick={() => setDragonOpen(true)}
            className="rounded px-1 text-sm text-white underline focus-visible:outline-2 focus-visible:outline-white"
          >
            长龙
          </button>
          <Link
            href={`/howtoplay/${item.lotteryCode}`}
            className="rounded px-1 text-sm text-white underline focus-visible:outline-2 focus-visible:outline-white"
          >
            玩法
          </Link>
        </>
      }
    >
      {/* a filled slip or an open bet panel holds back a new app version (sw-register.ts) */}
      <div
        className="flex flex-col gap-3"
        data-money-form={slip.length > 0 || panel !== null ? '' : undefined}
      >
        <p className="text-sm text-gray-800">
          <span>
            余额：<strong aria-live="polite">{balance === null ? '—' : `${balance}元`}</strong>
          </span>
        </p>
        <IssueBar
          lotteryCode={item.lotteryCode}
          family={item.family}
          official={item.source === 'official'}
          issue={issue}
        />
        {catalogue.loading ? (
          <LoadingState />
        ) : catalogue.error ? (
          <ErrorState message={catalogue.error.message} onRetry={catalogue.reload} />
        ) : rebateError ? (
          <ErrorState
            message="返点获取失败，请刷新再试"
            onRetry={() => {
              void refreshRebate(true);
            }}
          />
        ) : rules.error ? (
          <ErrorState message="玩法规则加载失败，请检查网络后重试" onRetry={rules.retry} />
        ) : !rebate || !catalogue.data || !rules.ready ? (
          <LoadingState />
        ) : (
          <BetBoard
            lotteryCode={item.lotteryCode}
            family={item.family}
            catalogue={catalogue.data}
            rebate={rebate}
            slipCount={slip.length}
            disabled={(!onSale && online.value) || bets.waiting}
            onAdd={(t) => {
              setSlip((s) => [...s, t]);
              showToast('已加入号码篮');
            }}
            onBetNow={(t) => {
              const all = t ? [...slip, t] : slip;
              if (t) setSlip(all);
              openConfirm(all);
            }}
            onOpenSlip={() => setPanel('slip')}
          />
        )}
      </div>
      {P && panel === 'slip' && (
        <P.SlipSheet
          tickets={slip}
          chaseBlocked={chaseBlocked}
          onClose={() => setPanel(null)}
          onClear={() => setSlip([])}
          onRemove={(k) => setSlip((s) => s.filter((t) => t.key !== k))}
          onSubmit={() => openConfirm(slip)}
          onChase={() => setPanel('chase')}
          note={capNote(slip)}
        />
      )}
      {P && panel === 'confirm' && issue.data?.issue && (
        <P.ConfirmSheet
          lotteryName={item.lotteryName}
          issue={issue.data.issue}
          tickets={confirmTickets}
          onCancel={() => setPanel(null)}
          onConfirm={() => {
            void sendBets();
          }}
          note={capNote(confirmTickets)}
        />
      )}
      {P && panel === 'chase' && chasePlay && rebate && (
        <P.ChasePanel
          lotteryCode={item.lotteryCode}
          tickets={slip}
          play={chasePlay}
          userGroup={rebate.prizeGroup}
          onClose={() => setPanel('slip')}
          onSubmit={(d) => {
            void sendChase(d);
          }}
          note={(m) => capNote(slip.map((t) => ({ ...t, multiple: m })))}
        />
      )}
      {P && panel && typeof panel === 'object' && (
        <P.SuccessSheet
          shareText={panel.success}
          orderIds={panel.orderIds}
          onClose={() => setPanel(null)}
        />
      )}
      {P && dragonOpen && <P.DragonSheet onClose={() => setDragonOpen(false)} />}
      {bets.waiting && (
        <div
          role="status"
          aria-live="assertive"
          className="fixed inset-0 z-[80] flex items-center justify-center bg-black/40"
        >
          <div className="flex items-center gap-3 rounded-xl bg-white px-5 py-4 text-gray-900 shadow-xl">
            <span
              className="h-6 w-6 animate-spin rounded-full border-4 border-brand border-t-transparent"
              aria-hidden="true"
            />
            {bets.waitingText}
          </div>
        </div>
      )}
    </Page>
  );
}
