/** Results drawn per family: LHC waves and zodiacs with the 特码 apart, PK10 car colours, K3 dice, BJ28 sum colour. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Balls } from '../../src/client/features/lottery/components/Balls';
import { COLOURS, colourOf, ZODIACS, zodiacOf } from '../../src/domain/lottery/lhcAttrs';
import { lunarYearAnimal } from '../../src/domain/lottery/schedule';

afterEach(cleanup);

const NOV_2026 = Date.UTC(2026, 10, 23, 13, 30); // 21:30 Beijing, a 马 year
const JAN_2026 = Date.UTC(2026, 0, 20, 13, 30); // before the 2026 new year (Feb 17): still the 蛇 year

describe('LHC result', () => {
  it('colours each ball by its wave, writes its zodiac under it and sets the 特码 apart', () => {
    const { container } = render(
      <Balls openNumber="01,12,23,34,45,49,10" family="LHC" drawnAt={NOV_2026} />,
    );
    const balls = [...container.querySelectorAll('[data-wave]')];
    expect(balls.map((b) => b.getAttribute('data-ball'))).toEqual([
      '01',
      '12',
      '23',
      '34',
      '45',
      '49',
      '10',
    ]);
    const year = lunarYearAnimal(NOV_2026);
    for (const b of balls) {
      const n = Number(b.getAttribute('data-ball'));
      expect(b.getAttribute('data-wave')).toBe(COLOURS[colourOf(n)]);
      expect(b.textContent).toBe(`${b.getAttribute('data-ball')}${ZODIACS[zodiacOf(n, year)]}`);
      expect(b.firstElementChild!.className).toContain(
        ['bg-red-600', 'bg-blue-600', 'bg-green-700'][colourOf(n)],
      );
    }
    // 2026 is a 马 year: 01 is 马 and red, 49 马 and green, 10 is blue
    expect(balls[0]!.getAttribute('data-zodiac')).toBe('马');
    expect(balls[0]!.getAttribute('data-wave')).toBe('红');
    expect(balls[5]!.getAttribute('data-wave')).toBe('绿');
    expect(balls[6]!.getAttribute('data-wave')).toBe('蓝');
    // the 特码 comes after a '+'
    expect(balls[6]!.previousElementSibling!.textContent).toBe('+');
    expect(
      screen.getByRole('img', {
        name: '开奖号码 01红波马 12红波羊 23红波猴 34红波鸡 45红波狗 49绿波马 特码 10蓝波鸡',
      }),
    ).toBeTruthy();
  });

  it('takes the zodiac of the lunar year of the draw date', () => {
    const { container } = render(
      <Balls openNumber="01,02,03,04,05,06,07" family="LHC" drawnAt={JAN_2026} />,
    );
    expect(container.querySelector('[data-ball="01"]')!.getAttribute('data-zodiac')).toBe('蛇');
  });
});

describe('other families', () => {
  it('draws PK10 cars in their ten colours', () => {
    const { container } = render(
      <Balls openNumber="01,02,03,04,05,06,07,08,09,10" family="PK10" />,
    );
    const colours = [...container.querySelectorAll('[data-ball]')].map((b) =>
      b.getAttribute('data-colour'),
    );
    expect(colours).toEqual(['黄', '蓝', '深灰', '橙', '青', '靛蓝', '浅灰', '红', '棕红', '绿']);
    expect(
      screen.getByRole('img', { name: '开奖号码 01 02 03 04 05 06 07 08 09 10' }),
    ).toBeTruthy();
  });

  it('draws K3 as dice and keeps the numbers as the name', () => {
    const { container } = render(<Balls openNumber="1,1,6" family="K3" />);
    expect([...container.querySelectorAll('[data-die]')].map((d) => d.textContent)).toEqual([
      '⚀',
      '⚀',
      '⚅',
    ]);
    expect(screen.getByRole('img', { name: '开奖号码 1 1 6' })).toBeTruthy();
  });

  it("draws BJ28 as a + b + c = sum in the sum's colour", () => {
    const { container, rerender } = render(<Balls openNumber="1,2,3" family="BJ28" />);
    expect(container.querySelector('[data-sum]')!.getAttribute('data-colour')).toBe('red');
    expect(screen.getByRole('img', { name: '开奖号码 1 + 2 + 3 = 6 红波' })).toBeTruthy();
    rerender(<Balls openNumber="9,4,0" family="BJ28" />);
    expect(container.querySelector('[data-sum="13"]')!.getAttribute('data-colour')).toBe('none');
    expect(screen.getByRole('img', { name: '开奖号码 9 + 4 + 0 = 13' })).toBeTruthy();
    rerender(<Balls openNumber="9,9,7" family="BJ28" />);
    expect(container.querySelector('[data-sum="25"]')!.getAttribute('data-colour')).toBe('green');
  });

  it('keeps plain balls for the other families and without a family', () => {
    render(<Balls openNumber="1,2,3,4,5" family="SSC" />);
    expect(
      screen.getByRole('img', { name: '开奖号码 1 2 3 4 5' }).querySelectorAll('.bg-brand').length,
    ).toBe(5);
  });
});
