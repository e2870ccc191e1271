/** Inline nickname edit (infoUpdate). */
import { useState } from 'react';
import { TextField, Button } from '../../../ui';
import { checkField } from '../../../../domain/validation';
import { FormAlert } from '../../../ui/FormAlert';
import { useFormMutation } from '../../../query/useFormMutation';

export function NickNameEditor({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  onSave(v: string): Promise<void>;
  onCancel(): void;
}) {
  const [value, setValue] = useState(initial);
  const saving = useFormMutation({ mutationFn: onSave });
  const { message: error, setMessage: setError, isPending: busy } = saving;
  async function save(e: React.FormEvent) {
    e.preventDefault();
    const msg = checkField('nickName', value.trim(), { length: [1, 20] });
    if (msg) {
      setError(msg);
      return;
    }
    await saving.submit(value.trim());
  }
  return (
    <form onSubmit={save} noValidate className="mt-3 w-full">
      <TextField
        label="昵称"
        name="nickName"
        value={value}
        onChange={setValue}
        maxLength={20}
        autoComplete="nickname"
      />
      <FormAlert message={error} />
      <div className="flex gap-2">
        <Button type="submit" loading={busy} className="flex-1">
          保存
        </Button>
        <Button variant="secondary" onClick={onCancel} className="flex-1">
          取消
        </Button>
      </div>
    </form>
  );
}
