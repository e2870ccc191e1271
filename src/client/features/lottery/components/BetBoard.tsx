/**
 * The picking area of the betting page: play menu, number picker, bet options and the bar with the
 * live bet count and amount. Every count and amount comes from the domain (priceSelection → quoteBet).
 */
import { useEffect, useMemo, useState } from 'react';
import type { LotteryFamily, Selection } from '../../../../domain/lottery';
import { formatFen, parseYuanToFen } from '../../../../domain/money';
import { Button } from '../../../ui';
import type { PlayCatalogue, PlayInfo } from '../api';
import type { RebateInfo } from '../betsApi';
import {
  domainPlay,
  entriesSelection,
  makeTicket,
  priceSelection,
  rebateCapPermille,
  type BetOptions,
  type Ticket,
} from '../ticket';
import { BetOptionsPanel } from './BetOptions';
import { EntriesPicker, RowsPicker, type PickRows } from './NumberPicker';
import { PlayMenu } from './PlayMenu';

export function BetBoard({
  lotteryCode,
  family,
  catalogue,
  rebate,
  slipCount,
  onAdd,
  onBetNow,
  onOpenSlip,
  disabled,
}: {
  lotteryCode: string;
  family: LotteryFamily;
  catalogue: PlayCatalogue;
  rebate: RebateInfo;
  slipCount: number;
  onAdd(t: Ticket): void;
  onBetNow(t: Ticket | null): void;
  onOpenSlip(): void;
  disabled: boolean;
}) {
  // Only plays the domain knows can be priced; anything else stays out of the menu.
  const groups = useMemo(
    () =>
      catalogue.groups
        .map((g) => ({ ...g, plays: g.plays.filter((p) => domainPlay(family, p.playDetailCode)) }))
        .filter((g) => g.plays.length > 0),
    [catalogue, family],
  );
  const [group, setGroup] = useState(groups[0]?.group ?? '');
  const [playCode, setPlayCode] = useState(groups[0]?.plays[0]?.playDetailCode ?? '');
  const [rows, setRows] = useState<PickRows>([]);
  const [entries, setEntries] = useState('');
  const [positions, setPositions] = useState<PickRows>([]);
  const [stakeText, setStakeText] = useState('10');
  const [options, setOptions] = useState<BetOptions>({
    unit: 'yuan',
    multiple: 1,
    stakePerLineFen: 1000,
    rebatePermille: 0,
  });

  const info: PlayInfo | undefined = groups
    .flatMap((g) => g.plays)
    .find((p) => p.playDetailCode === playCode);
  const play = info ? domainPlay(family, info.playDetailCode) : undefined;
  const cap = rebateCapPermille(rebate.rebate, rebate.prizeGroup, play);
  useEffect(() => {
    if (options.rebatePermille > cap) setOptions((o) => ({ ...o, rebatePermille: cap }));
  }, [cap, options.rebatePermille]);

  const reset = () => {
    setRows([]);
    setEntries('');
    setPositions([]);
  };
  const chooseGroup = (g: string) => {
    setGroup(g);
    setPlayCode(groups.find((x) => x.group === g)?.plays[0]?.playDetailCode ?? '');
    reset();
  };
  const choosePlay = (c: string) => {
    setPlayCode(c);
    reset();
  };

  if (!info || !play)
    return (
      <p className="rounded-xl bg-white p-6 text-center text-gray-600">该彩种暂无可投注的玩法</p>
    );

  const sel: Selection | null =
    play.input === 'entries'
      ? entriesSelection(play, entries, positions[0])
      : { rows: play.rows.map((_, i) => rows[i] ?? []) };
  const picked = play.input === 'entries' ? entries.trim() !== '' : rows.some((r) => r.length > 0);
  const stakeFen = parseYuanToFen(stakeText);
  const opts: BetOptions = { ...options, stakePerLineFen: stakeFen ?? 0 };
  const priced =
    play.model === 'odds' && (stakeFen === null || stakeFen < 1)
      ? { ok: false as const, msg: '请输入正确的每注金额' }
      : priceSelection(play, sel, opts, rebate.prizeGroup);
  const ticket = priced.ok
    ? makeTicket(lotteryCode, info.playDetailCode, info.name, play, sel!, opts, priced)
    : null;
  const add = () => {
    if (ticket) {
      onAdd(ticket);
      reset();
    }
  };
  const betNow = () => {
    onBetNow(ticket);
    if (ticket) reset();
  };

  return (
    <div className="flex flex-col gap-3">
      <PlayMenu
        groups={groups}
        group={group}
        playCode={playCode}
        onGroup={chooseGroup}
        onPlay={choosePlay}
      />
      {info.description && <p className="px-1 text-xs text-gray-600">{info.description}</p>}
      {play.input === 'entries' ? (
        <>
          <EntriesPicker entryLength={info.entryLength} value={entries} onChange={setEntries} />
          {info.positionRow && (
            <RowsPicker rows={[info.positionRow]} value={positions} onChange={setPositions} />
          )}
        </>
      ) : (
        <RowsPicker rows={info.rows} value={rows} onChange={setRows} />
      )}
      <BetOptionsPanel
        play={play}
        info={info}
        options={opts}
        onChange={setOptions}
        stakeText={stakeText}
        onStakeText={setStakeText}
        rebateCap={cap}
        userGroup={rebate.prizeGroup}
      />
      <div className="h-24" aria-hidden="true" />
      {/* the game page has no tab bar (route flag noTabBar): this bar sits at the very bottom */}
      <div
        data-testid="bet-bar"
        className="fixed inset-x-0 bottom-0 z-20 mx-auto max-w-screen-sm border-t border-gray-200 bg-white px-3 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] shadow-[0_-2px_6px_rgba(0,0,0,0.06)]"
      >
        <p aria-live="polite" className="mb-1.5 text-sm text-gray-800" data-testid="bet-quote">
          {priced.ok ? (
            <>
              共<strong className="text-brand">{priced.lines}</strong>注，
              <strong className="text-brand">{formatFen(priced.amountFen)}</strong>元
            </>
          ) : picked ? (
            <span className="text-red-700">{priced.msg}</span>
          ) : (
            <span className="text-gray-600">请选择号码</span>
          )}
        </p>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={onOpenSlip} className="whitespace-nowrap px-3">
            号码篮{slipCount ? `(${slipCount})` : ''}
          </Button>
          <Button
            variant="secondary"
            onClick={add}
            disabled={!ticket}
            className="flex-1 whitespace-nowrap px-2"
          >
            加入号码篮
          </Button>
          <Button
            onClick={betNow}
            disabled={disabled || (!ticket && slipCount === 0)}
            className="flex-1 whitespace-nowrap px-2"
          >
            立即投注
          </Button>
        </div>
      </div>
    </div>
  );
}
