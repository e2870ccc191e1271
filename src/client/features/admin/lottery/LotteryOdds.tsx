/**
 * Odds override of one tier of an odds play (两面, 特码, ...), quoted at the lottery's prize
 * group cap; an empty value puts the tier back to the catalogue's odds. The plays and tiers
 * come from the shared catalogue (src/domain/lottery), the same one the server settles with.
 */
import { useMemo, useState } from 'react';
import { Button, ErrorState, LoadingState, Select, TextField } from '../../../ui';
import { playsOf } from '../../../../domain/lottery/lazyCatalogue';
import { useFamilyPlays } from '../../lottery/hooks/useFamilyPlays';
import { playOdds } from '../../../../domain/lottery/pricing';
import { setOdds, type AdminLottery } from './lotteryApi';
import { ActionError, useConfirmedAction } from '../../../ui/AdminList';

const ODDS = /^\d{1,6}(\.\d{1,4})?$/;
/** Catalogue odds are in 1/10000. */
const ODDS_SCALE = 10_000;

export function LotteryOdds({
  lottery,
  onSaved,
}: {
  lottery: AdminLottery;
  onSaved(row: AdminLottery): void;
}) {
  const rules = useFamilyPlays(lottery.family);
  if (rules.error)
    return <ErrorState message="玩法规则加载失败，请检查网络后重试" onRetry={rules.retry} />;
  return rules.ready ? <OddsForm lottery={lottery} onSaved={onSaved} /> : <LoadingState />;
}

function OddsForm({
  lottery,
  onSaved,
}: {
  lottery: AdminLottery;
  onSaved(row: AdminLottery): void;
}) {
  const plays = useMemo(
    () => playsOf(lottery.family).filter((p) => p.model === 'odds'),
    [lottery.family],
  );
  const [playCode, setPlayCode] = useState(plays[0]?.code ?? '');
  const play = plays.find((p) => p.code === playCode) ?? plays[0];
  const [tierId, setTierId] = useState(play?.tiers[0]?.id ?? '');
  const tier = play?.tiers.find((t) => t.id === tierId) ?? play?.tiers[0];
  const [odds, setOddsText] = useState('');
  const { busy, error, setError, run } = useConfirmedAction();
  if (!play || !tier) return <p className="text-sm text-gray-600">该彩种没有赔率玩法</p>;

  const defaultOdds = playOdds(play, lottery.prizeGroupCap)[tier.id] / ODDS_SCALE;
  const current = lottery.odds[play.code]?.[tier.id];
  const pickPlay = (code: string) => {
    const next = plays.find((p) => p.code === code);
    setPlayCode(code);
    setTierId(next?.tiers[0]?.id ?? '');
  };
  const save = () => {
    const value = odds.trim();
    if (value && (!ODDS.test(value) || Number(value) <= 1))
      return setError('请输入大于1的赔率，最多四位小数');
    const text = value
      ? `将 ${play.nameZh}·${tier.nameZh} 的赔率设为 ${value}？`
      : `将 ${play.nameZh}·${tier.nameZh} 恢复默认赔率？`;
    void run(
      text,
      async () => {
        onSaved(
          await setOdds({
            lotteryCode: lottery.lotteryCode,
            playCode: play.code,
            tierId: tier.id,
            odds: value,
          }),
        );
        setOddsText('');
      },
      '赔率已保存',
    );
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Select<string>
        label="玩法"
        name="oddsPlay"
        value={play.code}
        onChange={pickPlay}
        options={plays.map((p) => ({ value: p.code, label: `${p.group} · ${p.nameZh}` }))}
      />
      {play.tiers.length > 1 && (
        <Select<string>
          label="奖级"
          name="oddsTier"
          value={tier.id}
          onChange={setTierId}
          options={play.tiers.map((t) => ({ value: t.id, label: t.nameZh }))}
        />
      )}
      <p className="mb-3 text-sm text-gray-700">
        默认赔率 {defaultOdds.toFixed(4).replace(/\.?0+$/, '')} · 当前{' '}
        {current === undefined ? '默认' : String(current)}（按奖金组 {lottery.prizeGroupCap}）
      </p>
      <TextField
        label="新赔率（留空恢复默认）"
        name="odds"
        value={odds}
        onChange={setOddsText}
        inputMode="decimal"
        maxLength={11}
        autoComplete="off"
      />
      <Button type="submit" loading={busy} className="w-full">
        保存赔率
      </Button>
      <ActionError message={error} />
    </form>
  );
}
