/** /admin while the operator still has the built-in demo password: the change form first, then the console's navigation. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import AdminPage from '../../src/client/features/admin/AdminPage';
import { currentUser } from '../../src/client/state/session';
import { loginPasswordHash } from '../../src/domain/credentials';
import { callsTo, ok, refuse, stubNetwork, USER } from './records-net';

const OPERATOR = { ...USER, userId: 1, userName: 'admin', operator: true };
let changed = false;

beforeEach(() => {
  changed = false;
  currentUser.value = { ...OPERATOR, mustChangePassword: true };
  stubNetwork({
    '/v1/users/info': () => ok({ ...OPERATOR, mustChangePassword: !changed }),
    '/v1/users/resetPassword': (c) => {
      if (c.body.get('oldPassword') !== loginPasswordHash('admin', 'admin123456'))
        return refuse('原密码错误');
      changed = true;
      return ok(null);
    },
    '/v1/admin/users/list': () => ok({ list: [], total: 0 }),
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  currentUser.value = null;
});

const field = (label: string) =>
  screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

describe('AdminPage on the demo password', () => {
  it('shows only the change form, refuses a wrong old password, then opens the tabs', async () => {
    render(<AdminPage />);
    expect(screen.getByRole('form', { name: '修改默认密码' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: '管理功能' })).toBeNull();
    fireEvent.change(field('原密码'), { target: { value: 'wrong1234' } });
    fireEvent.change(field('新密码'), { target: { value: 'Chosen1234' } });
    fireEvent.change(field('确认密码'), { target: { value: 'Chosen1234' } });
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    expect(await screen.findByText('原密码错误')).toBeTruthy();
    fireEvent.change(field('原密码'), { target: { value: 'admin123456' } });
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    expect(await screen.findByRole('navigation', { name: '管理功能' })).toBeTruthy();
    expect(callsTo('/v1/users/resetPassword').at(-1)!.body.get('password')).toBe(
      loginPasswordHash('admin', 'Chosen1234'),
    );
    await waitFor(() => expect(currentUser.value?.mustChangePassword).toBe(false));
  });

  it('opens the tabs directly for an operator with their own password', async () => {
    changed = true;
    currentUser.value = { ...OPERATOR, mustChangePassword: false };
    render(<AdminPage />);
    expect(await screen.findByRole('navigation', { name: '管理功能' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: '修改默认密码' })).toBeNull();
  });
});
