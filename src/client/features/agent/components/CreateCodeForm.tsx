/** 生成邀请码: one point per family (at most my own) and a remark; the new code joins the list above. */
import { useState } from 'react';
import { Button, TextField, showToast } from '../../../ui';
import { AGENT_MSG, INVITE_REMARK_MAX_CHARS } from '../../../../domain/agent/inviteCodes';
import type { RebatePoints } from '../../../../domain/agent/points';
import { FormAlert } from '../../../ui/FormAlert';
import { keys, queryClient } from '../../../query';
import { createInviteCode, type AgentFlag } from '../api';
import { PointsFields, usePoints } from './PointsFields';
import { useFormMutation } from '../../../query/useFormMutation';

/** The remark's limit as the server counts it (characters, after trimming). */
export function remarkProblem(text: string): string | null {
  return [...text.trim()].length > INVITE_REMARK_MAX_CHARS ? AGENT_MSG.remarkTooLong : null;
}

/** `initial`: where the points start (the operator's defaults capped by mine: useMyPoints' suggested). */
export function CreateCodeForm({
  isAgent,
  myPoints,
  initial,
}: {
  isAgent: AgentFlag;
  myPoints: RebatePoints;
  initial: RebatePoints;
}) {
  const bounds = { max: myPoints };
  const points = usePoints(initial, bounds);
  const [remark, setRemark] = useState('');
  const [remarkError, setRemarkError] = useState('');
  const kind = isAgent ? '代理' : '会员';
  const create = useFormMutation({
    mutationFn: async (chosen: RebatePoints) => {
      const made = await createInviteCode(isAgent, chosen, remark.trim());
      showToast(`${kind}邀请码 ${made.inviteCode} 已生成`);
      setRemark('');
      await queryClient.invalidateQueries({ queryKey: keys.agent('codes', isAgent) });
    },
  });
  const { message: formError, isPending: busy } = create;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    create.setMessage('');
    const remarkMsg = remarkProblem(remark);
    setRemarkError(remarkMsg ?? '');
    const chosen = points.validate();
    if (!chosen || remarkMsg) return;
    await create.submit(chosen);
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`生成${kind}邀请码`}
      className="space-y-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200"
    >
      <h2 className="font-semibold text-gray-900">生成{kind}邀请码</h2>
      <p className="text-sm text-gray-600">
        用此邀请码注册的玩家将成为您的直属{kind}，返点按下方设置，且不能高于您自己的返点。
      </p>
      <PointsFields state={points} bounds={bounds} disabled={busy} />
      <TextField
        label="备注（选填）"
        name="remark"
        value={remark}
        onChange={(v) => {
          setRemark(v);
          setRemarkError('');
        }}
        error={remarkError}
        maxLength={INVITE_REMARK_MAX_CHARS}
        autoComplete="off"
        placeholder="如：推广渠道"
      />
      <FormAlert message={formError} />
      <Button type="submit" className="w-full" loading={busy}>
        生成邀请码
      </Button>
    </form>
  );
}
