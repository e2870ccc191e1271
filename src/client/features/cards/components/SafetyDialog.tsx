/** A dialog asking for the safety password before a destructive action (delete a card or an address). */
import { useState, type FormEvent } from 'react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { checkField } from '../../../../domain/validation';
import { cardFieldRules } from '../../../../domain/banks';
import { Button } from '../../../ui';
import { PasswordField } from '../../../ui/PasswordField';
import { FormAlert } from '../../../ui/FormAlert';
import { useFormMutation } from '../../../query/useFormMutation';

export function SafetyDialog({
  title,
  okText,
  onConfirm,
  onClose,
}: {
  title: string;
  okText: string;
  onConfirm(safetyPassword: string): Promise<void>;
  onClose(): void;
}) {
  const [value, setValue] = useState('');
  const confirm = useFormMutation({ mutationFn: onConfirm });
  const { message: error, setMessage: setError, isPending: busy } = confirm;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const msg = checkField('safetyPassword', value, cardFieldRules.safetyPassword);
    if (msg) {
      setError(msg);
      return;
    }
    await confirm.submit(value);
  };
  return (
    <Dialog open onClose={onClose} className="relative z-[60]">
      <div className="fixed inset-0 bg-black/50" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-sm rounded-xl bg-white p-5 shadow-xl">
          <DialogTitle className="mb-3 text-base font-semibold text-gray-900">{title}</DialogTitle>
          <form onSubmit={submit} noValidate>
            <PasswordField
              label="资金密码"
              name="safetyPassword"
              digits
              value={value}
              onChange={(v) => {
                setValue(v);
                setError('');
              }}
            />
            <FormAlert message={error} />
            <div className="flex gap-3">
              <Button variant="secondary" className="flex-1" onClick={onClose}>
                取消
              </Button>
              <Button type="submit" variant="danger" className="flex-1" loading={busy}>
                {okText}
              </Button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
