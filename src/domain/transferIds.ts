/**
 * The transfer-id registry: every kind of ledger transfer id, declared once, with its prefix and its
 * typed parts; the only place that builds an id (`transferIds.betStake(betId)`) or reads one back
 * (`parseTransferId`).
 *
 * Why it matters: the ledger moves money once per transfer id (a second application of an id moves
 * nothing and answers the first result). Two features writing ids of the same shape would therefore
 * silently cancel each other's money, and an id built differently on a retry would move it twice.
 * Ids are designed here, not improvised at the call site.
 *
 * Invariants (tests/domain/transferIds.test.ts):
 * - an id is `prefix:part:part…` (a part may name its own separator, `{first}-{last}`); the formats are
 *   those the databases already hold, byte for byte, and must never change;
 * - no live kind's `prefix:` is a prefix of another's, so two kinds can never write the same id;
 *   a legacy kind (parse only: ids older code wrote) shares its successor's prefix with a shape
 *   neither can match for the other (fixed parts, a different count);
 * - only the last part of a kind may hold ':', so an id parses back into exactly the parts it was
 *   built from;
 * - the ledger takes only a `TransferId`, which only this module makes: TypeScript refuses a string
 *   built by hand (tests/domain/transferIds-scan.test.ts checks the sources too).
 */

import { keyCodec, type KindSpec as IdKindSpec, type PartSpec, type PartType } from './keyCodec.ts';

declare const transferIdBrand: unique symbol;

/** A transfer id made by this registry (or read back from the ledger's own table). */
export type TransferId = string & { readonly [transferIdBrand]: true };

/**
 * What a part holds (keyCodec.ts writes and reads them): `int` a non-negative integer (an id),
 * `version` an integer written `v{n}`, `text` a non-empty string without ':', `day` a Beijing day
 * `YYYY-MM-DD`, `rest` any non-empty string (last part only), `transferId` a whole other id (last
 * part only). Every kind here has a prefix.
 */
type KindSpec = IdKindSpec & { readonly prefix: string };

/** Every kind, its prefix and its parts. Add a kind here; never change an existing one. */
export const TRANSFER_KINDS = {
  /** 3xx stake of a bet, player → house */
  betStake: { prefix: 'bet', parts: [['betId', 'int']] },
  /** 202 a pending bet cancelled by its player */
  betCancelRefund: { prefix: 'cancel', parts: [['betId', 'int']] },
  /** 203 a chase bet's stake back (the player stops the chase, or it stops after a win) */
  chaseRefund: { prefix: 'chase', parts: [['betId', 'int']] },
  /** 205 a bet cancelled by the system (issue cancelled, or it cannot be settled) */
  systemRefund: { prefix: 'sys', parts: [['betId', 'int']] },
  /** 201 prize of a bet, settled at result version `version` */
  prize: {
    prefix: 'win',
    parts: [
      ['betId', 'int'],
      ['version', 'version'],
    ],
  },
  /** 204 tie refund of a bet at a result version */
  tieRefund: {
    prefix: 'tie',
    parts: [
      ['betId', 'int'],
      ['version', 'version'],
    ],
  },
  /** 501 rebates of one settlement batch (bets first…last) to one player */
  rebate: {
    prefix: 'rb',
    parts: [
      ['lotteryCode', 'text'],
      ['issue', 'text'],
      ['userId', 'int'],
      ['firstBetId', 'int'],
      ['lastBetId', 'int', '-'],
      ['version', 'version'],
    ],
  },
  /** 502 upline rebates of one settlement batch to one upline */
  uplineRebate: {
    prefix: 'urb',
    parts: [
      ['lotteryCode', 'text'],
      ['issue', 'text'],
      ['userId', 'int'],
      ['firstBetId', 'int'],
      ['lastBetId', 'int', '-'],
      ['version', 'version'],
    ],
  },
  /** 501 per-bet rebate, before batch rebates */
  rebatePerBet: {
    prefix: 'rb',
    parts: [
      ['betId', 'int'],
      ['version', 'version'],
    ],
    legacy: true,
  },
  /** 502 per-bet upline rebate, before batch rebates */
  uplineRebatePerBet: {
    prefix: 'urb',
    parts: [
      ['betId', 'int'],
      ['uplineId', 'int'],
      ['version', 'version'],
    ],
    legacy: true,
  },
  /** 310 a settlement credit taken back (correction, system cancel) */
  reversal: { prefix: 'rev', parts: [['original', 'transferId']] },
  /** 1xx an approved recharge order */
  recharge: { prefix: 'recharge', parts: [['orderId', 'int']] },
  /** a withdrawal's amount put on hold, player → withdraw_hold */
  withdrawHold: { prefix: 'withdraw:hold', parts: [['orderId', 'int']] },
  /** an approved withdrawal paid out of the hold */
  withdrawPay: { prefix: 'withdraw:pay', parts: [['orderId', 'int']] },
  /** an approved withdrawal's fee out of the hold */
  withdrawFee: { prefix: 'withdraw:fee', parts: [['orderId', 'int']] },
  /** a rejected withdrawal's hold back to the player */
  withdrawReject: { prefix: 'withdraw:reject', parts: [['orderId', 'int']] },
  /** 307 a chat red envelope's total into escrow */
  envelopeSend: { prefix: 'rs', parts: [['recordCode', 'text']] },
  /** 207 one open of a chat red envelope (one per envelope and user) */
  envelopeOpen: {
    prefix: 'rp',
    parts: [
      ['recordCode', 'text'],
      ['userId', 'int'],
    ],
  },
  /** 208 what is left of a chat red envelope back to its sender */
  envelopeRefund: { prefix: 'rr', parts: [['recordCode', 'text']] },
  /** 206 one claim of an activity red envelope (one per envelope and user) */
  activityEnvelopeClaim: {
    prefix: 'ar',
    parts: [
      ['envelopeId', 'int'],
      ['userId', 'int'],
    ],
  },
  /** 2xx an activity payout, one per activity, user and claim period (`D2026-11-28`, `ONCE`…) */
  activityPayout: {
    prefix: 'act',
    parts: [
      ['activityId', 'int'],
      ['userId', 'int'],
      ['periodKey', 'text'],
    ],
  },
  /** virtual wallet → pledge escrow, buying a pledge order */
  pledgeBuy: { prefix: 'pledge-buy', parts: [['orderId', 'int']] },
  /** pledge principal back to the virtual wallet (early exit or maturity) of a term */
  pledgeRedeem: {
    prefix: 'pledge-redeem',
    parts: [
      ['orderId', 'int'],
      ['term', 'int'],
    ],
  },
  /** early-exit penalty of a pledge term to the house */
  pledgePenalty: {
    prefix: 'pledge-penalty',
    parts: [
      ['orderId', 'int'],
      ['term', 'int'],
    ],
  },
  /** a pledge term's profit */
  pledgeProfit: {
    prefix: 'pledge-profit',
    parts: [
      ['orderId', 'int'],
      ['term', 'int'],
    ],
  },
  /** 611 main wallet → virtual wallet, per request */
  virtualWalletIn: {
    prefix: 'vw-in',
    parts: [
      ['userId', 'int'],
      ['requestId', 'rest'],
    ],
  },
  /** 612 virtual wallet → main wallet, per request */
  virtualWalletOut: {
    prefix: 'vw-out',
    parts: [
      ['userId', 'int'],
      ['requestId', 'rest'],
    ],
  },
  /** a day's virtual-wallet interest */
  virtualWalletInterest: {
    prefix: 'vw-interest',
    parts: [
      ['userId', 'int'],
      ['day', 'day'],
    ],
  },
  /** an operator's manual balance adjustment, per request */
  adminAdjust: { prefix: 'admin-adjust', parts: [['requestId', 'rest']] },
  /** the demo data's starting balance (src/server/seed.ts) */
  seed: { prefix: 'seed', parts: [['userName', 'rest']] },
  /** money tests and benchmarks move; never used by src/ (the scan test checks) */
  fixture: { prefix: 'fixture', parts: [['label', 'rest']] },
} as const satisfies Record<string, KindSpec>;

type Kinds = typeof TRANSFER_KINDS;
export type TransferKind = keyof Kinds;
/** The kinds that are still written. */
export type LiveTransferKind = {
  [K in TransferKind]: Kinds[K] extends { legacy: true } ? never : K;
}[TransferKind];

type ValueOf<T extends PartType> = T extends 'int' | 'version'
  ? number
  : T extends 'transferId'
    ? TransferId
    : string;
type PartsOf<K extends TransferKind> = Kinds[K]['parts'];
/** A kind's parts as builder arguments, in declared order. */
export type TransferIdArgs<K extends TransferKind> = ArgsOf<PartsOf<K>>;
type ArgsOf<S extends readonly PartSpec[]> = {
  -readonly [I in keyof S]: S[I] extends readonly [string, infer T extends PartType, ...unknown[]]
    ? ValueOf<T>
    : never;
};
/** A kind's parts by name. */
export type TransferIdParts<K extends TransferKind> = {
  [E in PartsOf<K>[number] as E[0]]: ValueOf<E[1]>;
};
export type ParsedTransferId = {
  [K in TransferKind]: { kind: K; parts: TransferIdParts<K> };
}[TransferKind];

const codec = keyCodec('transfer id', TRANSFER_KINDS);

function pieces(kind: TransferKind, values: readonly unknown[]): string[] {
  return codec.segments(kind, values);
}

/** The builders, one per live kind: `transferIds.prize(betId, version)`. */
export const transferIds = Object.fromEntries(
  (Object.keys(TRANSFER_KINDS) as TransferKind[])
    .filter((kind) => !(TRANSFER_KINDS[kind] as KindSpec).legacy)
    .map((kind) => [kind, (...args: unknown[]) => codec.build(kind, args) as TransferId]),
) as unknown as { readonly [K in LiveTransferKind]: (...args: TransferIdArgs<K>) => TransferId };

/** The kind and parts of an id; null for an id no kind (live or legacy) describes. */
export function parseTransferId(id: string): ParsedTransferId | null {
  return codec.parse(id) as ParsedTransferId | null;
}

/**
 * An id read back from the ledger's own table (`transfers.transfer_id`): it was applied, so it is an
 * id, whichever code wrote it. Only for values selected from that column.
 */
export const storedTransferId = (id: string): TransferId => id as TransferId;

/** A valid stand-in for the part SQL fills in (its text is cut out again). */
const HOLE: Record<PartType, string | number> = {
  int: 0,
  version: 0,
  text: 'x',
  day: '2000-01-01',
  rest: 'x',
  transferId: 'x',
};

/**
 * The text around one part of an id, for SQL that fills that part from a column
 * (`transfer_id = before || user_id || after`): the same bytes the builder writes.
 */
export function transferIdAround<
  K extends LiveTransferKind,
  H extends keyof TransferIdParts<K> & string,
>(kind: K, hole: H, others: Omit<TransferIdParts<K>, H>): { before: string; after: string } {
  const spec: KindSpec = TRANSFER_KINDS[kind];
  const at = spec.parts.findIndex(([name]) => name === hole);
  if (at < 0) throw new Error(`transfer id ${kind} has no part ${hole}`);
  const given = others as Record<string, unknown>;
  const text = pieces(
    kind,
    spec.parts.map(([name, type], i) => (i === at ? HOLE[type] : given[name])),
  );
  const holeSep = spec.parts[at]![2] ?? ':';
  const holeLead = spec.parts[at]![1] === 'version' ? 'v' : '';
  return {
    before: text.slice(0, at + 1).join('') + holeSep + holeLead,
    after: text.slice(at + 2).join(''),
  };
}
