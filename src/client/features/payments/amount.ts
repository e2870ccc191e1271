/**
 * The recharge amount of a form, checked with the domain rules before anything is sent: yuan by the
 * money rule (or a coin amount by rMoney at the channel's rate), then the config's min / max / fixed
 * amounts. The server checks the same with the same functions and words.
 */
import {
  checkRechargeAmount,
  coinToFen,
  parseDecimal8,
  parseRechargeYuan,
  rechargeMessages,
  type AmountRule,
} from '../../../domain/payments';
import { FEN_PER_YUAN } from '../../../domain/money';
import { messages } from '../../../domain/validation';
import type { ReceivingConfig } from './api';

export type AmountCheck = { ok: true; fen: number } | { ok: false; error: string };

export function amountRule(config: ReceivingConfig): AmountRule {
  const fixedFen = config.fixedAmounts
    .map(parseRechargeYuan)
    .filter((f): f is number => f !== null);
  return { minFen: config.minFen, maxFen: config.maxFen, fixedFen };
}

/** `digital`: the text is a coin amount credited at `config.rate`. */
export function checkAmountText(
  text: string,
  config: ReceivingConfig,
  digital: boolean,
): AmountCheck {
  const value = text.trim();
  if (value === '')
    return {
      ok: false,
      error: config.fixedAmounts.length
        ? '请选择充值金额'
        : messages.empty(digital ? '充值数量' : '充值金额'),
    };
  let fen: number | null;
  if (digital) {
    fen = parseDecimal8(value) === null ? null : coinToFen(value, config.rate);
    if (fen === null) return { ok: false, error: rechargeMessages.coinFormat };
  } else {
    fen = parseRechargeYuan(value);
    if (fen === null) return { ok: false, error: rechargeMessages.amountFormat };
  }
  const refusal = checkRechargeAmount(fen, amountRule(config));
  return refusal ? { ok: false, error: refusal } : { ok: true, fen };
}

/** Quick picks (yuan) inside the config's limits, for channels without fixed amounts. */
const QUICK_YUAN = [100, 200, 500, 1000, 2000, 5000, 10000, 20000];
export function quickAmounts(config: ReceivingConfig): string[] {
  return QUICK_YUAN.filter(
    (y) => y * FEN_PER_YUAN >= config.minFen && y * FEN_PER_YUAN <= config.maxFen,
  )
    .slice(0, 6)
    .map(String);
}
