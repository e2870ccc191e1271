/** Request schemas of the betting calls (unknown fields refused). Field labels: domain/validation.ts. */
import { Type, type Static } from '@sinclair/typebox';
import { Form, RequestId } from '../http/envelope.ts';
import { PageNum, PageSize } from '../http/paging.ts';
import { BET_STATUSES, CHASE_STATUSES } from './rows.ts';

const LotteryCode = Type.String({ pattern: '^\\d{4}$', maxLength: 4 });
const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });
/** The JSON text of a slip: 50 entries fit well inside the form body limit. */
const SlipJson = Type.String({ minLength: 1, maxLength: 60_000 });

export const AddBettingBody = Form({ bettingData: SlipJson, requestId: RequestId });
export const AddFastBettingBody = Form({
  bettingData: SlipJson,
  requestId: RequestId,
  source: Type.Union([Type.Literal('quick'), Type.Literal('dragon')]),
});
export const AddChaseBody = Form({ chaseBettingData: SlipJson, requestId: RequestId });
export const CancelBody = Form({ orderId: Id });
export const CancelChaseBody = Form({
  chaseId: Id,
  issues: Type.Optional(Type.String({ pattern: '^[0-9-]+(,[0-9-]+)*$', maxLength: 2000 })),
});

const BetFilterProps = {
  lotteryCode: Type.Optional(LotteryCode),
  status: Type.Optional(Type.Union(BET_STATUSES.map((s) => Type.Literal(s)))),
  source: Type.Optional(
    Type.Union([
      Type.Literal('bet'),
      Type.Literal('chase'),
      Type.Literal('quick'),
      Type.Literal('dragon'),
    ]),
  ),
  startDate: Type.Optional(Day),
  endDate: Type.Optional(Day),
};
export const BetListQuery = Form({
  ...BetFilterProps,
  page: Type.Optional(PageNum),
  pageSize: Type.Optional(PageSize),
});
export const BetDataQuery = Form(BetFilterProps);
export const IdQuery = Form({ id: Id });
export const ChaseListQuery = Form({
  lotteryCode: Type.Optional(LotteryCode),
  status: Type.Optional(Type.Union(CHASE_STATUSES.map((s) => Type.Literal(s)))),
  page: Type.Optional(PageNum),
  pageSize: Type.Optional(PageSize),
});
export const EmptyQuery = Form({});
export const RebateQuery = Form({ lotteryType: Type.String({ minLength: 1, maxLength: 10 }) });

export type AddBetting = Static<typeof AddBettingBody>;
export type AddFastBetting = Static<typeof AddFastBettingBody>;
export type AddChase = Static<typeof AddChaseBody>;
export type Cancel = Static<typeof CancelBody>;
export type CancelChase = Static<typeof CancelChaseBody>;
export type BetList = Static<typeof BetListQuery>;
export type BetData = Static<typeof BetDataQuery>;
export type IdQ = Static<typeof IdQuery>;
export type ChaseList = Static<typeof ChaseListQuery>;
export type RebateQ = Static<typeof RebateQuery>;
