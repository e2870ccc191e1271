/**
 * The transfer-ref registry: every kind of `transfers.ref`, declared once, with its prefix and its
 * typed parts; the only place that builds a ref (`transferRefs.bet(betId)`) or reads one back
 * (`parseTransferRef`). The sibling of the transfer-id registry (transferIds.ts).
 *
 * Why it matters: a ref is what a transfer is about (a bet, an issue, an order), and code finds
 * transfers by it. Settlement reverses every credit whose ref is a bet's, so a feature that wrote a
 * ref of the same shape for something else would have its money taken back by a correction; a pledge
 * order's statement lists the transfers of its ref. Refs are designed here, not at the call site.
 *
 * Invariants (tests/domain/transferRefs.test.ts):
 * - a ref is `prefix:part:part…`, or a bare code (`code`: the feature's own number of a recharge order
 *   or a chat red envelope, told apart by the transfer's type code); the formats are those the
 *   databases already hold, byte for byte, and must never change;
 * - every prefix is unique and none is the start of another, and a part never holds ':', so a ref
 *   parses back into exactly the kind and parts it was built from, and a bare code (no ':') can never
 *   be read as a prefixed ref;
 * - the ledger takes only a `TransferRef`, which only this module makes: TypeScript refuses a string
 *   built by hand (tests/domain/transferIds-scan.test.ts checks the sources too).
 */

import { keyCodec, type KindSpec, type PartType } from './keyCodec.ts';

declare const transferRefBrand: unique symbol;

/** A ref made by this registry (or read back from the ledger's own table). */
export type TransferRef = string & { readonly [transferRefBrand]: true };

/** A ref's parts are only ids (`int`) and codes (`text`, no ':'), written by keyCodec.ts. */
type RefPartType = Extract<PartType, 'int' | 'text'>;
type RefPartSpec = readonly [name: string, type: RefPartType];
interface RefKindSpec extends KindSpec {
  readonly parts: readonly RefPartSpec[];
}

export const TRANSFER_REF_KINDS = {
  /** every transfer about one bet: stake, refunds, prize, tie refund, their reversals */
  bet: { prefix: 'bet', parts: [['betId', 'int']] },
  /** the batch rebates (501, 502) of one issue and their reversals */
  issue: {
    prefix: 'issue',
    parts: [
      ['lotteryCode', 'text'],
      ['issue', 'text'],
    ],
  },
  /**
   * an activity's money: the activity's id for a payout (2xx), the activity red envelope's id for a
   * claim (206). One prefix for two id spaces, as the databases already hold it: the type code tells
   * which, and nothing finds transfers by this ref.
   */
  activity: { prefix: 'activity', parts: [['sourceId', 'int']] },
  /** every transfer of one pledge order (buy, redeem, penalty, profit): its statement */
  pledgeOrder: { prefix: 'pledge-order', parts: [['orderId', 'int']] },
  /** the hold, payout, fee or rejection of one withdrawal order, by its order number */
  withdrawOrder: { prefix: 'withdraw', parts: [['orderNo', 'text']] },
  /** a recharge order's or a chat red envelope's own number, bare */
  code: { prefix: null, parts: [['code', 'text']] },
} as const satisfies Record<string, RefKindSpec>;

type Kinds = typeof TRANSFER_REF_KINDS;
export type TransferRefKind = keyof Kinds;
type ValueOf<T extends RefPartType> = T extends 'int' ? number : string;
type PartsOf<K extends TransferRefKind> = Kinds[K]['parts'];
type ArgsOf<S extends readonly RefPartSpec[]> = {
  -readonly [I in keyof S]: S[I] extends readonly [string, infer T extends RefPartType]
    ? ValueOf<T>
    : never;
};
/** A kind's parts by name. */
export type TransferRefParts<K extends TransferRefKind> = {
  [E in PartsOf<K>[number] as E[0]]: ValueOf<E[1]>;
};
export type ParsedTransferRef = {
  [K in TransferRefKind]: { kind: K; parts: TransferRefParts<K> };
}[TransferRefKind];

const codec = keyCodec('transfer ref', TRANSFER_REF_KINDS);

export const transferRefs = Object.fromEntries(
  (Object.keys(TRANSFER_REF_KINDS) as TransferRefKind[]).map((kind) => [
    kind,
    (...args: unknown[]) => codec.build(kind, args) as TransferRef,
  ]),
) as unknown as {
  readonly [K in TransferRefKind]: (...args: ArgsOf<PartsOf<K>>) => TransferRef;
};

export function parseTransferRef(ref: string): ParsedTransferRef | null {
  return codec.parse(ref) as ParsedTransferRef | null;
}

/** The text every ref of a prefixed kind starts with (`bet:`), for SQL that matches or cuts it. */
export function transferRefPrefix(kind: Exclude<TransferRefKind, 'code'>): string {
  return `${TRANSFER_REF_KINDS[kind].prefix}:`;
}

/**
 * A ref read back from the ledger's own table (`transfers.ref`): a transfer carried it, so it is a
 * ref, whichever code wrote it. Only for values selected from that column.
 */
export const storedTransferRef = (ref: string): TransferRef => ref as TransferRef;
