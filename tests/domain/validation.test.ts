/** The named patterns and the general form validator of spec 000 section 5. */
import { describe, expect, it } from 'vitest';
import {
  checkField,
  checkStreakAmount,
  messages,
  patterns,
  streakBetMessages,
  validateForm,
  type PatternName,
} from '../../src/domain/validation.ts';

const CASES: Record<PatternName, { accept: string[]; reject: string[] }> = {
  imageCode: {
    accept: ['ab12', 'ABCD', '0000'],
    reject: ['abc', 'abcde', 'ab 1', 'ab_1', '验证码四'],
  },
  smsCode: { accept: ['0000', '1234'], reject: ['123', '12345', '12a4', '１２３４'] },
  mailCode: { accept: ['9876'], reject: ['987', 'abcd'] },
  safePassword: { accept: ['123456', '000000'], reject: ['12345', '1234567', '12345a', ' 123456'] },
  qq: { accept: ['12345', '1'.repeat(99)], reject: ['1234', '1'.repeat(100), '12345a', ''] },
  userName: {
    accept: ['abcd', 'user_01', 'A'.repeat(20)],
    reject: ['abc', 'a'.repeat(21), 'user-01', 'user 01', '用户名字', 'a.bcd'],
  },
  password: {
    accept: ['abc123', 'P@ss!#$%', 'a'.repeat(16), 'pass_^&*'],
    reject: ['abc12', 'a'.repeat(17), 'pass word', 'pass<>1', '密码密码密码'],
  },
  mobile: {
    accept: ['13800138000', '18912345678'],
    reject: ['12800138000', '19912345678', '1380013800', '138001380000', '23800138000'],
  },
  mobileWide: {
    accept: ['13800138000', '19912345678'],
    reject: ['12800138000', '1991234567', '10012345678'],
  },
  realName: {
    accept: ['张三', '阿卜杜·热合曼', '张.三', 'John Smith', 'Li', '张'.repeat(16), 'a'.repeat(20)],
    reject: ['张', '张'.repeat(17), 'a'.repeat(21), '张三1', 'John3', '张三 Smith', 'J'],
  },
  bankNumber: {
    accept: ['123456789', '1'.repeat(29)],
    reject: ['12345678', '1'.repeat(30), '6222 0000 0000', '62220000000a'],
  },
  money: {
    accept: ['0', '1', '12.5', '12.34', '1000000'],
    reject: ['12.345', '-1', '01', '.5', '1.', '1e3', ''],
  },
  rMoney: { accept: ['0.12345678', '1', '10.5'], reject: ['0.123456789', '-0.1', '01.1'] },
  wMoney: { accept: ['1', '100', '999999'], reject: ['0', '01', '1.5', '-1', ''] },
  digitalAddress: {
    accept: ['TXYZ1', 'x'.repeat(50), '0xAbCdEf0123'],
    reject: ['abcd', 'x'.repeat(51), 'ab cd1', ''],
  },
  platformName: { accept: ['支付宝', 'alipay'], reject: ['', 'a b', ' '] },
  answer: { accept: ['北京', 'blue'], reject: ['', '北 京'] },
  mail: {
    accept: ['a@b.cn', 'first.last+tag@mail.example.com'],
    reject: ['a@b', '@b.cn', 'a b@c.cn', 'a@b.c', 'ab.cn'],
  },
  bankCard: { accept: ['1234567890', '1'.repeat(28)], reject: ['123456789', '1'.repeat(29)] },
  code6: { accept: ['123456'], reject: ['12345', '1234567', 'abcdef'] },
};

describe('named patterns', () => {
  it('has a case for every pattern', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(patterns).sort());
  });

  for (const [name, { accept, reject }] of Object.entries(CASES)) {
    it.each(accept)(`${name} accepts %j`, (text) => {
      expect(patterns[name as PatternName].test(text)).toBe(true);
    });
    it.each(reject)(`${name} refuses %j`, (text) => {
      expect(patterns[name as PatternName].test(text)).toBe(false);
    });
  }
});

describe('messages', () => {
  it('reads as the spec says, with the field label', () => {
    expect(messages.empty('用户名')).toBe('用户名不能为空');
    expect(messages.format('手机号码')).toBe('手机号码格式不正确');
    expect(messages.range('金额', 1, 100)).toBe('金额必须在1到100之间');
    expect(messages.notSame('密码')).toBe('两次输入的密码不一致');
    expect(messages.length('昵称', 2, 8)).toBe('昵称长度必须在2到8之间');
    expect(messages.cannotBeSame('新密码')).toBe('新密码不能相同');
  });
});

describe('checkField', () => {
  it('refuses an empty value unless nullable', () => {
    expect(checkField('userName', '', {})).toBe('用户名不能为空');
    expect(checkField('userName', '   ', {})).toBe('用户名不能为空');
    expect(checkField('userName', undefined, {})).toBe('用户名不能为空');
    expect(checkField('userName', null, {})).toBe('用户名不能为空');
    expect(checkField('qq', '', { nullable: true, pattern: 'qq' })).toBeNull();
  });

  it('uses the rule label, then the known label, then the field name', () => {
    expect(checkField('x', '', { label: '邀请码' })).toBe('邀请码不能为空');
    expect(checkField('phone', 'abc', { pattern: 'mobile' })).toBe('手机号码格式不正确');
    expect(checkField('someField', '', {})).toBe('someField不能为空');
  });

  it('checks length before the pattern, then the range', () => {
    expect(checkField('nickName', 'a', { length: [2, 8] })).toBe('昵称长度必须在2到8之间');
    expect(checkField('nickName', 'abcdefghi', { length: [2, 8] })).toBe('昵称长度必须在2到8之间');
    expect(checkField('amount', '12.345', { pattern: 'money' })).toBe('金额格式不正确');
    expect(checkField('amount', '0', { pattern: 'money', range: [1, 100] })).toBe(
      '金额必须在1到100之间',
    );
    expect(checkField('amount', '100.01', { pattern: 'money', range: [1, 100] })).toBe(
      '金额必须在1到100之间',
    );
    expect(checkField('amount', '100', { pattern: 'money', range: [1, 100] })).toBeNull();
    expect(checkField('amount', 'abc', { range: [1, 100] })).toBe('金额必须在1到100之间');
  });

  it('compares with another field for confirmation and difference', () => {
    const all = { password: 'abc123', confirmPassword: 'abc124', oldPassword: 'abc123' };
    expect(checkField('confirmPassword', 'abc124', { sameAs: 'password' }, all)).toBe(
      '两次输入的确认密码不一致',
    );
    expect(checkField('confirmPassword', 'abc123', { sameAs: 'password' }, all)).toBeNull();
    expect(
      checkField('password', 'abc123', { differentFrom: 'oldPassword', label: '新密码' }, all),
    ).toBe('新密码不能相同');
  });
});

describe('validateForm', () => {
  const rules = {
    userName: { pattern: 'userName' as const },
    password: { pattern: 'password' as const },
    confirmPassword: { sameAs: 'password' },
    qq: { pattern: 'qq' as const, nullable: true },
  };

  it('answers the first broken rule in field order', () => {
    expect(validateForm({}, rules)).toBe('用户名不能为空');
    expect(validateForm({ userName: 'ab', password: 'x' }, rules)).toBe('用户名格式不正确');
    expect(validateForm({ userName: 'abcd', password: 'x' }, rules)).toBe('密码格式不正确');
    expect(
      validateForm({ userName: 'abcd', password: 'abc123', confirmPassword: 'abc' }, rules),
    ).toBe('两次输入的确认密码不一致');
    expect(
      validateForm(
        { userName: 'abcd', password: 'abc123', confirmPassword: 'abc123', qq: '12' },
        rules,
      ),
    ).toBe('QQ格式不正确');
  });

  it('passes a good form', () => {
    expect(
      validateForm({ userName: 'abcd', password: 'abc123', confirmPassword: 'abc123' }, rules),
    ).toBeNull();
  });
});

describe('checkStreakAmount', () => {
  it.each(['1', '100', '1000000'])('accepts %s', (text) => {
    expect(checkStreakAmount(text)).toBeNull();
  });

  it('answers the spec messages', () => {
    expect(checkStreakAmount('')).toBe(streakBetMessages.noAmount);
    expect(streakBetMessages.noAmount).toBe('投注金额不能为空');
    expect(streakBetMessages.noSelection).toBe('请选择一注号码投注');
    expect(streakBetMessages.noRebate).toBe('返点获取失败，请刷新再试');
    expect(checkStreakAmount('1000001')).toBe('投注金额必须在1到1000000之间');
  });

  it.each(['0', '-1', '1.5', 'abc', '01', '10000000', '1e6'])('refuses %j', (text) => {
    expect(checkStreakAmount(text)).not.toBeNull();
  });
});
