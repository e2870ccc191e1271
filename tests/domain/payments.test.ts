/** The recharge catalogue and amount rules shared by client and server, digital currency in exact arithmetic. */
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_FEN } from '../../src/domain/money.ts';
import {
  channelByCode,
  channelUrl,
  checkPayerName,
  checkRechargeAmount,
  coinToFen,
  fillGatewayUrl,
  formatDecimal8,
  GATEWAY_URL_PATTERN,
  parseDecimal8,
  parseRechargeYuan,
  RECHARGE_CHANNELS,
} from '../../src/domain/payments.ts';
import { txTypeName } from '../../src/domain/txTypes.ts';

describe('channel catalogue', () => {
  it('holds the twelve /recharge children with type codes 101-112 in txTypes order', () => {
    expect(RECHARGE_CHANNELS.map((c) => c.code)).toEqual([
      'banktransfer',
      'unionpay',
      'qqpay',
      'wechat',
      'quickpass',
      'jdpay',
      'alipay',
      'internetbank',
      'virtualwalletpay',
      'digitalcurrencypay',
      'digitalrmb',
      'douyin',
    ]);
    RECHARGE_CHANNELS.forEach((c, i) => {
      expect(c.typeCode).toBe(101 + i);
      expect(txTypeName(c.typeCode)).toMatch(/充值$/);
      expect(c.frontCall).toMatch(/^front[A-Z]/);
    });
    expect(new Set(RECHARGE_CHANNELS.map((c) => c.frontCall)).size).toBe(12);
    expect(channelByCode('douyin')?.typeCode).toBe(112);
    expect(channelByCode('nope')).toBeUndefined();
    expect(channelUrl('alipay')).toBe('/recharge/alipay');
  });
});

describe('digital currency conversion (exact)', () => {
  it.each([
    ['1', '7.2', 720],
    ['0.5', '7.2', 360],
    ['12.34567891', '7.1234', 8794], // 87.94... yuan, rounded down
    ['0.00000001', '100000000', 100], // 1e-8 coin × 1e8 yuan = 1 yuan
    ['0.00000001', '0.00000001', null], // dust: refused, never rounded up
    ['0.0013', '7.2', null], // 0.00936 yuan < 1 fen
    ['0.0014', '7.2', 1], // 0.01008 yuan
    ['0.1', '0.1', 1], // 0.01 yuan: float 0.1 × 0.1 would be 0.010000000000000002
    ['0.3', '0.1', 3],
    ['138888888.88888888', '7.2', 99_999_999_999], // 999,999,999.99 yuan
    ['138888889', '7.2', null], // above the per-call maximum
    ['1000000000', '1', MAX_AMOUNT_FEN],
  ])('%s coins at %s → %s fen', (coin, rate, fen) => {
    expect(coinToFen(coin, rate)).toBe(fen);
  });

  it('refuses text outside rMoney and a zero rate', () => {
    for (const bad of [
      '',
      '-1',
      '1.123456789',
      '1e3',
      ' 1',
      '01',
      '1.',
      '.5',
      'abc',
      '1,5',
      'Infinity',
    ]) {
      expect(coinToFen(bad, '7.2')).toBeNull();
      expect(coinToFen('1', bad)).toBeNull();
    }
    expect(coinToFen('1', '0')).toBeNull();
    expect(coinToFen('1', '0.00000000')).toBeNull();
    expect(coinToFen('9'.repeat(40), '1')).toBeNull();
  });

  it('parses and formats 8-decimal amounts without floats', () => {
    expect(parseDecimal8('0.00000001')).toBe(1n);
    expect(parseDecimal8('123456789012.12345678')).toBe(12345678901212345678n);
    expect(formatDecimal8(1n)).toBe('0.00000001');
    expect(formatDecimal8(150000000n)).toBe('1.5');
    expect(formatDecimal8(12345678901212345678n)).toBe('123456789012.12345678');
    expect(formatDecimal8(parseDecimal8('7.20000000')!)).toBe('7.2');
  });
});

describe('amount rules', () => {
  const rule = { minFen: 10_000, maxFen: 5_000_000, fixedFen: [] };
  it('checks min and max', () => {
    expect(checkRechargeAmount(10_000, rule)).toBeNull();
    expect(checkRechargeAmount(5_000_000, rule)).toBeNull();
    expect(checkRechargeAmount(9_999, rule)).toBe('充值金额不能低于100.00元');
    expect(checkRechargeAmount(5_000_001, rule)).toBe('充值金额不能高于50000.00元');
  });
  it('allows only the fixed amounts when a config has them', () => {
    const fixed = { ...rule, fixedFen: [10_000, 20_000] };
    expect(checkRechargeAmount(20_000, fixed)).toBeNull();
    expect(checkRechargeAmount(15_000, fixed)).toBe('请选择固定金额：100.00、200.00元');
  });
  it('parses yuan amounts by the money rule, positive only', () => {
    expect(parseRechargeYuan('100')).toBe(10_000);
    expect(parseRechargeYuan('0.01')).toBe(1);
    for (const bad of ['0', '0.00', '-1', '1.001', '1e2', '', ' 1', '01', '10000000000'])
      expect(parseRechargeYuan(bad)).toBeNull();
  });
  it('checks payer names', () => {
    expect(checkPayerName('', false)).toBeNull();
    expect(checkPayerName('', true)).toBe('请填写付款人姓名');
    expect(checkPayerName('张三', true)).toBeNull();
    expect(checkPayerName('<b>', false)).toBe('付款人姓名格式不正确');
  });
});

describe('gateway URL templates', () => {
  it('accept http(s) only and fill order number and amount', () => {
    expect(GATEWAY_URL_PATTERN.test('https://pay.example.com/go?o={orderNo}&a={amount}')).toBe(
      true,
    );
    expect(GATEWAY_URL_PATTERN.test('http://10.0.0.1:8080/pay')).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'ftp://x.com',
      '//x.com',
      'https://x.com/a b',
      'https://x.com/"><script>',
      'data:text/html,1',
    ]) {
      expect(GATEWAY_URL_PATTERN.test(bad)).toBe(false);
    }
    expect(fillGatewayUrl('https://p.com/?o={orderNo}&a={amount}', 'R1', 12_345)).toBe(
      'https://p.com/?o=R1&a=123.45',
    );
  });
});
