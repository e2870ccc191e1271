/** The one judge of a repeated request id (src/server/http/idempotency.ts). */
import { describe, expect, it } from 'vitest';
import { REQUEST_REUSED_MSG } from '../../src/domain/requests.ts';
import { AppError } from '../../src/server/http/envelope.ts';
import {
  assertSameFingerprint,
  assertSameRequest,
  refuseIfRequestIdTaken,
  requestFingerprint,
  reusedRequestError,
  sameFingerprint,
  sameRequest,
} from '../../src/server/http/idempotency.ts';

const refusal = (f: () => void) => {
  try {
    f();
  } catch (e) {
    return e instanceof AppError ? e.message : `not an AppError: ${String(e)}`;
  }
  return null;
};

describe('a repeated request', () => {
  it('is the same request when the stored and the incoming fields agree, whatever their order', () => {
    expect(sameRequest({ amountFen: 500, targetId: 3 }, { targetId: 3, amountFen: 500 })).toBe(
      true,
    );
    expect(sameRequest({ amountFen: 500, targetId: 3 }, { amountFen: 501, targetId: 3 })).toBe(
      false,
    );
    expect(sameRequest({ amountFen: 500, targetId: null }, { amountFen: 500, targetId: 3 })).toBe(
      false,
    );
    // a number and its text are different requests, as the strict comparisons they replace said
    expect(sameRequest({ amountFen: 500 }, { amountFen: '500' })).toBe(false);
    expect(refusal(() => assertSameRequest({ a: 1 }, { a: 1 }))).toBeNull();
    expect(refusal(() => assertSameRequest({ a: 1 }, { a: 2 }))).toBe(REQUEST_REUSED_MSG);
  });

  it('is the same request by fingerprint; a row from before fingerprints (null) is taken as the same', () => {
    const fp = requestFingerprint({ stakeType: 301, tickets: [{ n: '1' }] });
    expect(fp).toBe(requestFingerprint({ tickets: [{ n: '1' }], stakeType: 301 }));
    expect(sameFingerprint(fp, fp)).toBe(true);
    expect(sameFingerprint(null, fp)).toBe(true);
    expect(sameFingerprint(requestFingerprint({ stakeType: 302 }), fp)).toBe(false);
    expect(refusal(() => assertSameFingerprint(requestFingerprint({}), fp))).toBe(
      REQUEST_REUSED_MSG,
    );
    expect(reusedRequestError().message).toBe(REQUEST_REUSED_MSG);
  });

  it('is refused when its id broke the named (user, request id) index, and only then', () => {
    const taken = { code: '23505', constraint_name: 'activity_claims_request' };
    expect(refusal(() => refuseIfRequestIdTaken(taken, 'activity_claims_request'))).toBe(
      REQUEST_REUSED_MSG,
    );
    expect(refusal(() => refuseIfRequestIdTaken(taken, 'other_index'))).toBeNull();
    expect(
      refusal(() => refuseIfRequestIdTaken(new Error('x'), 'activity_claims_request')),
    ).toBeNull();
  });
});
