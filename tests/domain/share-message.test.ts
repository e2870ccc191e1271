/** The type-7 and type-9 reference parses and previews (domain/share/message.ts). */
import { describe, expect, it } from 'vitest';
import {
  parseShareBets,
  parseShareRecord,
  sharedBetPreview,
  sharedRecordOther,
  sharedRecordPreview,
} from '../../src/domain/share/message.ts';
import { messageKind } from '../../src/domain/chat/messageTypes.ts';

describe('share parses', () => {
  it('keeps only distinct positive integer ids, drops every other field', () => {
    expect(parseShareBets('{"orderIds":[3,"4",3],"data":[{"money":"9"}]}')).toEqual({
      ok: true,
      body: '{"orderIds":[3,4]}',
    });
    for (const bad of [
      '{"orderIds":[0]}',
      '{"orderIds":[1.5]}',
      '{"orderIds":["01"]}',
      '{"orderIds":[true]}',
      '{"orderIds":["9999999999999999"]}',
    ]) {
      expect(parseShareBets(bad), bad).toEqual({ ok: false, msg: '注单不存在或不属于您' });
    }
    expect(parseShareBets('{"orderIds":{}}')).toEqual({ ok: false, msg: '分享内容格式不正确' });
  });
  it('takes a real calendar date only', () => {
    expect(parseShareRecord('{"date":"2026-11-24","profit":"1"}')).toEqual({
      ok: true,
      body: '{"date":"2026-11-24"}',
    });
    expect(parseShareRecord('{"date":"2026-13-01"}')).toEqual({ ok: false, msg: '日期格式不正确' });
    expect(parseShareRecord('"2026-11-24"')).toEqual({ ok: false, msg: '分享内容格式不正确' });
  });
  it('previews, and the catalogue takes 7 and 9 from addMessage and addDirectMessage only', () => {
    expect(sharedBetPreview('{"data":[{"lotteryName":"鸿运分分彩"}]}')).toBe(
      '[分享注单]鸿运分分彩',
    );
    expect(sharedBetPreview('junk')).toBe('[分享注单]');
    expect(sharedRecordPreview('{"data":[{"dateName":"2026-11-24"}]}')).toBe(
      '[分享战绩]2026-11-24',
    );
    expect(messageKind(7)?.sentBy).toEqual(['addMessage', 'addDirectMessage']);
    expect(messageKind(9)?.sentBy).toEqual(['addMessage', 'addDirectMessage']);
  });
});

describe('the shared day record adds up', () => {
  it('shows what 盈亏 holds beside 中奖 − 投注 (rebates, activities, envelopes …) as 其他', () => {
    const rec = {
      betAmount: '68.00',
      returnAmount: '19.59',
      profit: '-40.41',
      dateName: '2026-11-28',
    };
    expect(sharedRecordOther(rec)).toBe('8.00');
    expect(sharedRecordOther({ ...rec, profit: '-48.41' })).toBe('0.00');
    expect(sharedRecordOther({ ...rec, profit: 'x' })).toBeNull();
  });
});
