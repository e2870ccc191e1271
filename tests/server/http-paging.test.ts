/** The one paging schema and helper of every list call (src/server/http/paging.ts). */
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  PageNum,
  PageSize,
  pageSizeUpTo,
  paging,
} from '../../src/server/http/paging.ts';

describe('paging', () => {
  it('turns a page and a size into LIMIT and OFFSET, page 1 and the default size when absent', () => {
    expect(paging()).toEqual({ limit: DEFAULT_PAGE_SIZE, offset: 0 });
    expect(paging(3, 10)).toEqual({ limit: 10, offset: 20 });
    expect(paging(2)).toEqual({ limit: DEFAULT_PAGE_SIZE, offset: DEFAULT_PAGE_SIZE });
    expect(paging(undefined, undefined, 10)).toEqual({ limit: 10, offset: 0 });
    expect(paging(4, undefined, 40)).toEqual({ limit: 40, offset: 120 });
  });

  it('takes page numbers 1 … MAX_PAGE and sizes 1 … the maximum, whole numbers only', () => {
    expect([1, MAX_PAGE].map((n) => Value.Check(PageNum, n))).toEqual([true, true]);
    expect([0, -1, MAX_PAGE + 1, 1.5, Number.NaN].map((n) => Value.Check(PageNum, n))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect([1, MAX_PAGE_SIZE].map((n) => Value.Check(PageSize, n))).toEqual([true, true]);
    expect([0, MAX_PAGE_SIZE + 1].map((n) => Value.Check(PageSize, n))).toEqual([false, false]);
    const agent = pageSizeUpTo(50);
    expect([Value.Check(agent, 50), Value.Check(agent, 51), Value.Check(agent, 0)]).toEqual([
      true,
      false,
      false,
    ]);
  });
});
