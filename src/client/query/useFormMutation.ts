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
 */
import {
  useMutation,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';
import { useRef } from 'react';
import { queryClient } from './queryClient';

/** The text a form shows for a failed request: the refusal's msg, or the thrown text. */
export function errorText(error: unknown): string {
  if (error === null || error === undefined) return '';
  return error instanceof Error ? error.message : String(error);
}

export type FormMutation<TData, TVars> = UseMutationResult<TData, Error, TVars> & {
  message: string;
  submit(vars: TVars): Promise<boolean>;
};

export function useFormMutation<TData = unknown, TVars = void>(
  options: UseMutationOptions<TData, Error, TVars>,
): FormMutation<TData, TVars> {
  const mutation = useMutation(options, queryClient);
  const inFlight = useRef(false);
  const submit = async (vars: TVars): Promise<boolean> => {
    if (inFlight.current) return false;
    inFlight.current = true;
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
  return { ...mutation, reset, message: errorText(mutation.error), submit };
}
