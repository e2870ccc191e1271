/**
 * Small form state helper: values, per-field errors and the server's refusal under the form. The send
 * is a mutation (useFormMutation): `busy` is its isPending, the refusal its error.
 */
import { useRef, useState, type FormEvent } from 'react';
import { checkField, type FieldRule } from '../../domain/validation';
import { errorText, useFormAction } from '../query/useFormMutation';
import { showToast } from './overlay';

export function useAccountForm<K extends string>(
  initial: Record<K, string>,
  rules: () => Partial<Record<K, FieldRule>>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  // the refusal of the send, or a message the page sets itself (a code not sent, a name taken)
  const send = useFormAction();
  const { message: formError, setMessage: setFormError, isPending: busy } = send;

  // Setters are cached per field so children (e.g. ImageCodeField) get stable callbacks.
  const setters = useRef(new Map<K, (v: string) => void>());
  const set = (k: K) => {
    let f = setters.current.get(k);
    if (!f) {
      f = (v: string) => {
        setValues((old) => ({ ...old, [k]: v }));
        setErrors((old) => ({ ...old, [k]: undefined }));
      };
      setters.current.set(k, f);
    }
    return f;
  };

  /** Checks every field with the domain rules (same messages as the server); true when all pass. */
  function validate(): boolean {
    const found: Partial<Record<K, string>> = {};
    let ok = true;
    for (const [k, rule] of Object.entries(rules()) as [K, FieldRule][]) {
      const msg = checkField(k, values[k], rule, values);
      if (msg) {
        found[k] = msg;
        ok = false;
      }
    }
    setErrors(found);
    return ok;
  }

  /** Wraps a submit: validates, runs the call, shows a refusal as formError. */
  function onSubmit(run: () => Promise<void>) {
    return async (e?: FormEvent) => {
      e?.preventDefault();
      setFormError('');
      if (!validate()) return;
      await send.submit(run);
    };
  }

  return { values, set, errors, setErrors, formError, setFormError, busy, onSubmit };
}

/** Sends a verification code: toast on success, the refusal under the form otherwise. */
export async function sendCodeOrShow(
  setFormError: (msg: string) => void,
  send: () => Promise<unknown>,
): Promise<boolean> {
  try {
    await send();
    showToast('验证码已发送');
    return true;
  } catch (err) {
    setFormError(errorText(err));
    return false;
  }
}
