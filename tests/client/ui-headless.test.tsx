/**
 * Keyboard behaviour of the Headless UI controls: the one Tabs row, a radio group (verification way)
 * and the on/off switch; roles and names stay what screen readers and the e2e tests look for.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Tabs } from '../../src/client/ui/Tabs';
import { VerifyTypePicker } from '../../src/client/features/account/components/VerifyTypePicker';
import { Switch } from '../../src/client/ui/Switch';

afterEach(cleanup);

const RANGES = [
  { value: 'today', label: '今天' },
  { value: 'yesterday', label: '昨天' },
  { value: 'week', label: '近7天' },
] as const;
type Range = (typeof RANGES)[number]['value'];

function RangeTabs() {
  const [range, setRange] = useState<Range>('today');
  return (
    <Tabs<Range>
      look="chips"
      label="日期"
      value={range}
      options={RANGES}
      onChange={setRange}
      panel={(r) => <p>列表 {r}</p>}
    />
  );
}

const selected = () =>
  screen
    .getAllByRole('tab')
    .filter((t) => t.getAttribute('aria-selected') === 'true')
    .map((t) => t.textContent);

describe('Tabs', () => {
  it('is a named tablist whose arrow keys, Home and End move focus and selection, wrapping', async () => {
    render(<RangeTabs />);
    expect(screen.getByRole('tablist', { name: '日期' })).toBeTruthy();
    const first = screen.getByRole('tab', { name: '今天' });
    act(() => {
      first.focus();
    });
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    await act(async () => {});
    expect(selected()).toEqual(['昨天']);
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: '昨天' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('列表 yesterday');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    await act(async () => {});
    expect(selected()).toEqual(['近7天']);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    await act(async () => {});
    expect(selected()).toEqual(['今天']);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    await act(async () => {});
    expect(selected()).toEqual(['近7天']);
    expect(screen.getByRole('tab', { name: '今天' }).tabIndex).toBe(-1);
    expect(screen.getByRole('tab', { name: '近7天' }).tabIndex).toBe(0);
  });

  it('selects on click and links each tab to its panel', async () => {
    render(<RangeTabs />);
    fireEvent.click(screen.getByRole('tab', { name: '近7天' }));
    await act(async () => {});
    const tab = screen.getByRole('tab', { name: '近7天' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tab.id);
  });
});

const WAYS = [
  { value: 'phone', label: '手机验证码' },
  { value: 'email', label: '邮箱验证码' },
  { value: 'question', label: '密保问题' },
];

function WayPicker() {
  const [way, setWay] = useState('phone');
  return <VerifyTypePicker label="验证方式" value={way} onChange={setWay} options={WAYS} />;
}

const checked = () =>
  screen
    .getAllByRole('radio')
    .filter((r) => r.getAttribute('aria-checked') === 'true')
    .map((r) => r.textContent);

describe('radio group', () => {
  it('is labelled by its visible label; arrow keys move the choice and focus', async () => {
    render(<WayPicker />);
    expect(screen.getByRole('radiogroup', { name: '验证方式' })).toBeTruthy();
    expect(checked()).toEqual(['手机验证码']);
    const phone = screen.getByRole('radio', { name: '手机验证码' });
    act(() => {
      phone.focus();
    });
    fireEvent.keyDown(phone, { key: 'ArrowDown' });
    await act(async () => {});
    expect(checked()).toEqual(['邮箱验证码']);
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '邮箱验证码' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    await act(async () => {});
    expect(checked()).toEqual(['密保问题']);
    expect(screen.getByRole('radio', { name: '手机验证码' }).tabIndex).toBe(-1);
  });
});

function Renew() {
  const [on, setOn] = useState(false);
  return (
    <Switch label="到期自动续期" hint="到期后本金自动转入新一期" checked={on} onChange={setOn} />
  );
}

describe('switch', () => {
  it('is a named switch with its hint as description; Space, a click and its label toggle it', async () => {
    render(<Renew />);
    const sw = screen.getByRole('switch', { name: '到期自动续期' });
    expect(sw.getAttribute('aria-checked')).toBe('false');
    expect(sw.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(sw.getAttribute('aria-describedby')!)?.textContent).toBe(
      '到期后本金自动转入新一期',
    );
    act(() => {
      sw.focus();
    });
    fireEvent.keyUp(sw, { key: ' ' });
    await act(async () => {});
    expect(sw.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(sw);
    await act(async () => {});
    expect(sw.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(screen.getByText('到期自动续期'));
    await act(async () => {});
    expect(sw.getAttribute('aria-checked')).toBe('true');
  });
});
