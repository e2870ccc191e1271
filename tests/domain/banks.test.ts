/** Banks: BIN lookup, name ↔ code mapping, 其他银行 display, masking and the address rules. */
import { describe, expect, it } from 'vitest';
import {
  BANKS,
  BIN_PREFIXES,
  BIN_TABLE,
  bankByCode,
  bankCodeOf,
  bankOfCardNumber,
  checkDigitalAddress,
  displayBankName,
  maskAccount,
  maskAddress,
  maskCardNumber,
  payAccountPatterns,
} from '../../src/domain/banks.ts';

describe('BIN lookup', () => {
  it.each([
    ['6222021234567890123', 'ICBC', '中国工商银行'],
    ['6228481234567890123', 'ABC', '中国农业银行'],
    ['9559912345678901234', 'ABC', '中国农业银行'],
    ['6216611234567890123', 'BOC', '中国银行'],
    ['6217001234567890123', 'CCB', '中国建设银行'],
    ['6222601234567890', 'COMM', '交通银行'],
    ['6221881234567890123', 'PSBC', '中国邮政储蓄银行'],
    ['6225881234567890', 'CMB', '招商银行'],
    ['6226901234567890', 'CITIC', '中信银行'],
    ['6226601234567890', 'CEB', '中国光大银行'],
    ['6226151234567890', 'CMBC', '中国民生银行'],
    ['6225681234567890', 'CGB', '广发银行'],
    ['6221551234567890', 'PAB', '平安银行'],
    ['6225211234567890', 'SPDB', '浦发银行'],
    ['6229091234567890', 'CIB', '兴业银行'],
    ['6222 0212 3456 7890', 'ICBC', '中国工商银行'],
  ])('%s → %s', (number, bankCode, bankName) => {
    expect(bankOfCardNumber(number)).toEqual({ bankCode, bankName });
  });

  it.each([['1234567890123'], ['6'], [''], ['622']])('unknown or short %s → 其他银行', (number) => {
    expect(bankOfCardNumber(number)).toEqual({ bankCode: 'OTHER', bankName: '其他银行' });
  });

  it('every BIN maps to a listed bank, and no prefix is listed twice', () => {
    for (const code of BIN_TABLE.values()) expect(bankByCode(code)).not.toBeNull();
    expect(Object.values(BIN_PREFIXES).flat().length).toBe(BIN_TABLE.size);
    expect(BIN_TABLE.size).toBeGreaterThan(150);
  });
});

describe('bank names and codes', () => {
  it('maps every listed name to its code and back', () => {
    for (const b of BANKS) {
      expect(bankCodeOf(b.bankName)).toBe(b.bankCode);
      expect(bankByCode(b.bankCode)).toEqual(b);
    }
    expect(new Set(BANKS.map((b) => b.bankCode)).size).toBe(BANKS.length);
  });

  it('a name containing 其他银行 is OTHER and shown as 其他银行; unknown names are OTHER', () => {
    expect(bankCodeOf('其他银行(某农商行)')).toBe('OTHER');
    expect(displayBankName('其他银行(某农商行)')).toBe('其他银行');
    expect(displayBankName('招商银行')).toBe('招商银行');
    expect(displayBankName(null)).toBe('其他银行');
    expect(bankCodeOf('火星银行')).toBe('OTHER');
  });
});

describe('masking', () => {
  it('card numbers keep the last four digits only', () => {
    expect(maskCardNumber('6222021234567890123')).toBe('**** **** **** 0123');
    expect(maskCardNumber('6222 0212 3456 7890')).toBe('**** **** **** 7890');
    expect(maskCardNumber('123')).toBe('***');
  });

  it('accounts keep the first three and last two characters', () => {
    expect(maskAccount('13812345678')).toBe('138****78');
    expect(maskAccount('zhang@example.com')).toBe('zha****om');
    expect(maskAccount('abcde')).toBe('a***e');
    expect(maskAccount('ab')).toBe('a**');
  });

  it('addresses keep six characters at each end', () => {
    expect(maskAddress('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toBe('TQn9Y2****KcbLSE');
    expect(maskAddress('abcdefgh')).toBe('ab****gh');
  });
});

describe('account and address rules', () => {
  it.each([
    ['alipay', '13812345678', true],
    ['alipay', 'a.b@example.com', true],
    ['alipay', 'wx_zhang01', false],
    ['alipay', '<a>@x.cn', false],
    ['weixin', 'wx_zhang01', true],
    ['weixin', '13812345678', true],
    ['weixin', '1abcdef', false],
    ['weixin', 'abc', false],
  ] as const)('%s account %s → %s', (kind, account, valid) => {
    expect(payAccountPatterns[kind].test(account)).toBe(valid);
  });

  it('checks currency, protocol, the spec pattern and the protocol shape', () => {
    expect(checkDigitalAddress('USDT', 'TRC20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toBeNull();
    expect(
      checkDigitalAddress('USDT', 'ERC20', '0x52908400098527886E0F7030069857D2E4169EE7'),
    ).toBeNull();
    expect(checkDigitalAddress('BTC', 'TRC20', 'x')).toBe('不支持的币种');
    expect(checkDigitalAddress('USDT', 'BEP2', 'x')).toBe('不支持的协议');
    expect(checkDigitalAddress('USDT', 'TRC20', 'T12')).toBe('钱包地址格式不正确');
    expect(checkDigitalAddress('USDT', 'TRC20', '0x52908400098527886E0F7030069857D2E4169EE7')).toBe(
      '钱包地址不是有效的TRC20地址',
    );
  });
});
