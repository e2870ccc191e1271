/**
 * A form's request as a TanStack mutation on the app's one client (queryClient.ts): `isPending` is the
 * form's busy state, `error` the refusal (an ApiError carries the envelope's Chinese msg as its
 * message) and `message` that text, or '' while there is none. A new send clears the last refusal.
 *
 * `submit` sends unless a send of this form is already in flight: TanStack tells React a mutation
 * started on its next notify tick, so a second click in the same tick still sees `isPending` false;
 * the ref below refuses it, as a form's own busy flag did. It resolves true when the request
 * succeeded (after the options' onSuccess, so an invalidation awaited there keeps the form busy) and
 * false when it was refused or not sent; the refusal is then in `error`, never thrown. `reset`
 * clears a refusal shown, and leaves a send in flight alone (TanStack's would stop watching it, so
 * the form would no longer be busy while its request still runs).
 *
 * A form also shows problems it finds itself before sending (a field left empty) where the refusal
 * goes: `setMessage(text)` shows one in `message`, `setMessage('')` clears it and the refusal, and a
 * send clears it.
 */
import {
  useMutation,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { queryClient } from './queryClient';

/** The text a form shows for a failed request: the refusal's msg, or the thrown text. */
export function errorText(error: unknown): string {
  if (error === null || error === undefined) return '';
  return error instanceof Error ? error.message : String(error);
}

export type FormMutation<TData, TVars> = UseMutationResult<TData, Error, TVars> & {
  message: string;
  setMessage(text: string): void;
  submit(vars: TVars): Promise<boolean>;
};

export function useFormMutation<TData = unknown, TVars = void>(
  options: UseMutationOptions<TData, Error, TVars>,
): FormMutation<TData, TVars> {
  const mutation = useMutation(options, queryClient);
  const inFlight = useRef(false);
  const [own, setOwn] = useState('');
  const submit = async (vars: TVars): Promise<boolean> => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setOwn('');
    try {
      await mutation.mutateAsync(vars);
      return true;
    } catch {
      return false;
    } finally {
      inFlight.current = false;
    }
  };
  const reset = () => {
    if (!inFlight.current) mutation.reset();
  };
  const setMessage = (text: string) => {
    setOwn(text);
    if (!text) reset();
  };
  return { ...mutation, reset, message: own || errorText(mutation.error), setMessage, submit };
}

/**
 * A form whose send is written where it is made (several requests in a row, or different actions
 * sharing one busy state and one refusal): `submit(async () => …)` runs it as the mutation.
 */
export function useFormAction(
  options: Omit<UseMutationOptions<void, Error, () => Promise<void>>, 'mutationFn'> = {},
): FormMutation<void, () => Promise<void>> {
  return useFormMutation<void, () => Promise<void>>({ ...options, mutationFn: (work) => work() });
}
