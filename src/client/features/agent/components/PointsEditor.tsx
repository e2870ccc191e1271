/**
 * 调整返点 of a direct member (a sheet): its points, never above mine (maxRebate) nor below what it
 * already gave its own downline (minRebate), both as the server reports them for this member.
 */
import { Button, ErrorState, LoadingState, showToast } from '../../../ui';
import { Sheet } from '../../../ui/Sheet';
import { keys, queryClient, useQuery } from '../../../query';
import type { RebatePoints } from '../../../../domain/agent/points';
import { FormAlert } from '../../../ui/FormAlert';
import { updateLowerRebate, userManageList, type MemberPoints } from '../api';
import { minFromWire, pointsFromWire, type PointBounds } from '../points';
import { PointsFields, usePoints } from './PointsFields';
import { useFormMutation } from '../../../query/useFormMutation';

export function PointsEditor({
  userId,
  userName,
  onClose,
}: {
  userId: number;
  userName: string;
  onClose(): void;
}) {
  const q = useQuery({
    queryKey: keys.agent('memberPoints', userId),
    queryFn: () => userManageList(userId),
  });
  const current = pointsFromWire(q.data?.rebate);
  const max = pointsFromWire(q.data?.maxRebate);
  let body: React.ReactNode;
  if (q.loading) body = <LoadingState />;
  else if (q.error || !q.data)
    body = <ErrorState message={q.error?.message ?? '加载失败'} onRetry={q.reload} />;
  else if (!current || !max)
    body = <ErrorState message="返点数据有误，请稍后重试" onRetry={q.reload} />;
  else
    body = (
      <EditorForm
        data={q.data}
        current={current}
        bounds={{ max, min: minFromWire(q.data.minRebate) }}
        onDone={onClose}
      />
    );
  return (
    <Sheet open title={`调整返点：${userName}`} onClose={onClose}>
      {body}
    </Sheet>
  );
}

function EditorForm({
  data,
  current,
  bounds,
  onDone,
}: {
  data: MemberPoints;
  current: RebatePoints;
  bounds: PointBounds;
  onDone(): void;
}) {
  const points = usePoints(current, bounds);
  const saving = useFormMutation({
    mutationFn: async (chosen: RebatePoints) => {
      await updateLowerRebate(data.userId, chosen);
      showToast('返点已调整');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.agent('team') }),
        queryClient.invalidateQueries({ queryKey: keys.agent('memberPoints', data.userId) }),
      ]);
      onDone();
    },
  });
  const { message: error, isPending: busy } = saving;
  async function save(e: React.FormEvent) {
    e.preventDefault();
    saving.setMessage('');
    const chosen = points.validate();
    if (chosen) await saving.submit(chosen);
  }
  return (
    <form onSubmit={save} noValidate aria-label="调整返点" className="space-y-3">
      <p className="text-sm text-gray-600">
        返点不能高于您自己的返点，也不能低于该成员已分给其下级的返点。
      </p>
      <PointsFields state={points} bounds={bounds} disabled={busy} />
      <FormAlert message={error} />
      <div className="flex gap-2">
        <Button type="submit" className="flex-1" loading={busy}>
          保存
        </Button>
        <Button variant="secondary" className="flex-1" onClick={onDone}>
          取消
        </Button>
      </div>
    </form>
  );
}
