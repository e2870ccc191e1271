/**
 * Loads the real-name lock and safety-password state for a binding form; a player without a
 * safety password is told so and sent to set one first.
 */
import { useEffect } from 'react';
import { showToast } from '../../../ui';
import { useLocation } from 'wouter';
import { nameLock } from '../api';
import { SET_SAFETY_PASSWORD_PATH } from '../state';
import { keys, useQuery } from '../../../query';

export function useSafetyGate() {
  const [, navigate] = useLocation();
  const lock = useQuery({ queryKey: keys.cards('nameLock'), queryFn: nameLock });
  const missing = lock.data !== undefined && !lock.data.hasSafetyPassword;
  useEffect(() => {
    if (!missing) return;
    showToast('请先设置资金密码');
    navigate(SET_SAFETY_PASSWORD_PATH, { replace: true });
  }, [missing, navigate]);
  return { lock, missing };
}
