/**
 * 派奖限额: a lottery's 单注最高派奖 and 单期最高派奖 in whole yuan (docs/lottery-design.md "Payout caps");
 * an empty field puts the cap back to the family's default. Checked with the domain's rule before sending.
 */
import { useEffect, useState } from 'react';
import {
  formatCapYuan,
  payoutCapFromText,
  payoutCapsOf,
  payoutCapsProblem,
} from '../../../../domain/lottery/caps';
import { wireFen } from '../../../../domain/money';
import { Button, TextField } from '../../../ui';
import { updateLottery, type AdminLottery } from './lotteryApi';
import { ActionError, useConfirmedAction } from '../../../ui/AdminList';

/** '200000.00' → '200000' (caps are whole yuan); null → ''. */
const yuanField = (text: string | null) => (text === null ? '' : text.replace(/\.00$/, ''));
const capText = (text: string) => formatCapYuan(wireFen(text) ?? 0);

export function LotteryCaps({
  lottery,
  onSaved,
}: {
  lottery: AdminLottery;
  onSaved(row: AdminLottery): void;
}) {
  const [perBet, setPerBet] = useState(yuanField(lottery.ownMaxPayoutPerBet));
  const [perIssue, setPerIssue] = useState(yuanField(lottery.ownMaxPayoutPerIssue));
  const { busy, error, setError, run } = useConfirmedAction();
  useEffect(() => {
    setPerBet(yuanField(lottery.ownMaxPayoutPerBet));
    setPerIssue(yuanField(lottery.ownMaxPayoutPerIssue));
  }, [lottery]);
  const save = () => {
    const bet = payoutCapFromText(perBet, '单注最高派奖');
    if (!bet.ok) return setError(bet.msg);
    const issue = payoutCapFromText(perIssue, '单期最高派奖');
    if (!issue.ok) return setError(issue.msg);
    const problem = payoutCapsProblem(
      payoutCapsOf(lottery.family, { perBetFen: bet.fen, perIssueFen: issue.fen }),
    );
    if (problem) return setError(problem);
    void run(
      null,
      async () => {
        onSaved(
          await updateLottery({
            lotteryCode: lottery.lotteryCode,
            maxPayoutPerBet: perBet.trim(),
            maxPayoutPerIssue: perIssue.trim(),
          }),
        );
      },
      '派奖限额已保存',
    );
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <p className="mb-2 text-sm text-gray-700">
        当前：单注最高派奖 {capText(lottery.maxPayoutPerBet)} · 单期最高派奖{' '}
        {capText(lottery.maxPayoutPerIssue)}（每位玩家每期合计）。留空则用默认值。
      </p>
      <TextField
        label="单注最高派奖（元）"
        name="maxPayoutPerBet"
        value={perBet}
        onChange={setPerBet}
        inputMode="numeric"
        maxLength={9}
        placeholder={`默认 ${yuanField(lottery.defaultMaxPayoutPerBet)}`}
      />
      <TextField
        label="单期最高派奖（元）"
        name="maxPayoutPerIssue"
        value={perIssue}
        onChange={setPerIssue}
        inputMode="numeric"
        maxLength={9}
        placeholder={`默认 ${yuanField(lottery.defaultMaxPayoutPerIssue)}`}
      />
      <Button type="submit" loading={busy} className="w-full">
        保存限额
      </Button>
      <ActionError message={error} />
    </form>
  );
}
