/** 追号 is off only with a reason the player can read: odds plays (两面) and mixed slips cannot be chased. */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { SlipSheet } from '../../src/client/features/lottery/components/BetSlip';
import { chaseBlockReason, type Ticket } from '../../src/client/features/lottery/ticket';

const ticket = (over: Partial<Ticket> = {}): Ticket => ({
  key: 'a',
  lotteryCode: '1008',
  playDetailCode: '1008DWD',
  playName: '定位胆',
  model: 'prizeGroup',
  bettingNumber: '1,-,-,-,-',
  lines: 1,
  amountFen: 200,
  unit: 'yuan',
  multiple: 1,
  rebatePermille: 0,
  ...over,
});
const twoSides = ticket({
  key: 'b',
  playDetailCode: '1008LM',
  playName: '两面',
  model: 'odds',
  bettingNumber: '万位 大',
});

afterEach(cleanup);

describe('chaseBlockReason', () => {
  it('allows one prize-group play at one unit and rebate, and names why otherwise', () => {
    expect(
      chaseBlockReason([ticket(), ticket({ key: 'c', bettingNumber: '2,-,-,-,-' })]),
    ).toBeNull();
    expect(chaseBlockReason([])).toBe('号码篮是空的，请先选号');
    expect(chaseBlockReason([ticket(), twoSides])).toBe(
      '两面等赔率玩法不支持追号，请先删除这些注单',
    );
    expect(chaseBlockReason([ticket(), ticket({ key: 'd', unit: 'jiao' })])).toBe(
      '追号需号码篮中为同一玩法、同一模式和返点的注单',
    );
  });
});

describe('the slip sheet', () => {
  it('shows why 追号 is off beside the disabled button', () => {
    const slip = [ticket(), twoSides];
    const noop = () => {};
    render(
      <SlipSheet
        tickets={slip}
        chaseBlocked={chaseBlockReason(slip)}
        onRemove={noop}
        onClear={noop}
        onClose={noop}
        onSubmit={noop}
        onChase={noop}
      />,
    );
    const sheet = screen.getByRole('dialog', { name: '号码篮（2）' });
    const chase = within(sheet).getByRole('button', { name: '追号' }) as HTMLButtonElement;
    expect(chase.disabled).toBe(true);
    const why = document.getElementById(chase.getAttribute('aria-describedby') ?? '');
    expect(why?.textContent).toBe('两面等赔率玩法不支持追号，请先删除这些注单');
  });
});
