/**
 * The player info panel (spec 001 §2): avatar, nickname, account, gender, winnings, liked lotteries
 * (links to the hall), the private-chat button (only between a manager and someone else, never to
 * oneself), the remark editor for managers (200 characters), and for a room's managers the mute
 * durations of §4 (a manager cannot be muted).
 */
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Sheet } from '../../../ui/Sheet';
import {
  addBan,
  updateBan,
  getPlayerInfo,
  getRemark,
  getRoleCard,
  openDirectRoom,
  setRemark,
  truthy,
  type PlayerInfo,
  type RoleCard,
} from '../api';
import { Avatar } from './MessageItem';
import { ErrorState, LoadingState, showToast } from '../../../ui';
import { REMARK_MAX_CHARS } from '../../../../domain/chat/constants';
import { gradeShow } from '../../../../domain/grades';
import { useLotteries } from '../../lottery/hooks/useLotteries';
import { BanDuration, banMessage } from '../../../../domain/chat/access';
import { useFormMutation } from '../../../query/useFormMutation';

const SEX = ['女', '男', '保密'];
export const DURATIONS = [
  { id: BanDuration.HALF_HOUR, label: '禁言半小时' },
  { id: BanDuration.ONE_HOUR, label: '禁言1小时' },
  { id: BanDuration.ONE_DAY, label: '禁言1天' },
  { id: BanDuration.ONE_WEEK, label: '禁言1周' },
  { id: BanDuration.PERMANENT, label: '永久禁言' },
  { id: BanDuration.CANCEL, label: '解除禁言' },
];

/**
 * The durations of §4 for one member: a new mute goes through addBanFront; one already in force
 * (`banId`, its record) has its duration changed, or is lifted, through updateBanFront.
 */
export function MuteButtons({
  roomCode,
  userId,
  nickName,
  banId,
  onDone,
}: {
  roomCode: string;
  userId: string;
  nickName: string;
  banId?: number;
  onDone?(): void;
}) {
  const banning = useFormMutation({
    mutationFn: async (id: number) => {
      if (banId) await updateBan(roomCode, banId, id);
      else await addBan(roomCode, userId, id, nickName);
      showToast(
        id === BanDuration.CANCEL ? '已解除禁言' : `已${banMessage(id).replace('您已被', '')}`,
      );
      onDone?.();
    },
    onError: (e) => showToast(e.message || '操作失败'),
  });
  const busy = banning.isPending;
  const ban = (id: number) => banning.submit(id);
  return (
    <fieldset aria-label="禁言" className="grid grid-cols-3 gap-2">
      {DURATIONS.map((d) => (
        <button
          key={d.id}
          type="button"
          disabled={busy}
          onClick={() => void ban(d.id)}
          className={`min-h-10 rounded-lg px-1 text-sm focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-50 ${d.id === BanDuration.CANCEL ? 'bg-green-50 text-green-800 ring-1 ring-green-300' : 'bg-red-50 text-red-800 ring-1 ring-red-200'}`}
        >
          {d.label}
        </button>
      ))}
    </fieldset>
  );
}

export function PlayerCard({
  userId,
  roomCode,
  myId,
  iAmManager,
  onClose,
}: {
  userId: string | null;
  roomCode: string | null;
  myId: number;
  iAmManager: boolean;
  onClose(): void;
}) {
  const [info, setInfo] = useState<PlayerInfo | null>(null);
  const [card, setCard] = useState<RoleCard | null>(null);
  const [remark, setRemarkText] = useState('');
  const [error, setError] = useState('');
  const [tick, setTick] = useState(0);
  const [, navigate] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: tick asks again after a mute or a retry
  useEffect(() => {
    if (!userId) return;
    let live = true;
    setError('');
    Promise.all([
      getPlayerInfo(userId),
      roomCode ? getRoleCard(userId, roomCode) : Promise.resolve(null),
      iAmManager
        ? getRemark(userId).catch(() => ({ remark: '' }))
        : Promise.resolve({ remark: '' }),
    ]).then(
      ([i, c, r]) => {
        if (live) {
          setInfo(i);
          setCard(c);
          setRemarkText(r.remark);
        }
      },
      (e: unknown) => {
        if (live) setError(e instanceof Error ? e.message : '加载失败');
      },
    );
    return () => {
      live = false;
    };
  }, [userId, roomCode, tick]);
  useEffect(() => {
    if (!userId) {
      setInfo(null);
      setCard(null);
    }
  }, [userId]);

  const self = Number(userId) === myId;
  const targetManager = card ? truthy(card.isManager) : false;
  const chat = async () => {
    try {
      const room = await openDirectRoom({ targetUserId: userId! });
      onClose();
      navigate(`/chatDirect/${room.roomId}`);
    } catch (e) {
      showToast(e instanceof Error ? e.message : '操作失败');
    }
  };
  const saveRemark = async () => {
    try {
      await setRemark(userId!, remark);
      showToast('备注已保存');
    } catch (e) {
      showToast(e instanceof Error ? e.message : '保存失败');
    }
  };
  const lotteries = info?.playedLottery ? info.playedLottery.split(',').filter(Boolean) : [];
  const { byCode } = useLotteries();
  return (
    <Sheet open={userId !== null} title="玩家资料" onClose={onClose}>
      {error ? (
        <ErrorState message={error} onRetry={() => setTick((n) => n + 1)} />
      ) : !info ? (
        <LoadingState />
      ) : (
        <div className="space-y-4">
          <div className="flex items-center gap-3">
            <Avatar src={info.avatar} name={info.nickName || info.userName} size={56} />
            <dl className="min-w-0 flex-1 text-sm">
              <div className="flex gap-1">
                <dt className="text-gray-500">昵称</dt>
                <dd className="truncate font-medium text-gray-900">{info.nickName || '-'}</dd>
              </div>
              <div className="flex gap-1">
                <dt className="text-gray-500">账号</dt>
                <dd className="truncate">{info.userName}</dd>
              </div>
              <div className="flex gap-1">
                <dt className="text-gray-500">性别</dt>
                <dd>{SEX[info.sex] ?? '保密'}</dd>
              </div>
              <div className="flex gap-1">
                <dt className="text-gray-500">累计中奖</dt>
                <dd className="tabular-nums">¥{info.totalBonus}</dd>
              </div>
              {card && (
                <div className="flex gap-1">
                  <dt className="text-gray-500">身份</dt>
                  <dd>
                    {targetManager ? '管理员' : card.grade > 0 ? gradeShow(card.grade) : '玩家'}
                    {truthy(card.isBanned) ? '（禁言中）' : ''}
                  </dd>
                </div>
              )}
            </dl>
          </div>
          {lotteries.length > 0 && (
            <div>
              <h3 className="mb-1 text-xs text-gray-500">喜欢的彩种</h3>
              <ul className="flex flex-wrap gap-2">
                {lotteries.map((c) => {
                  // a code the list knows opens its game by name; any other is looked up in the hall
                  const known = byCode.get(c);
                  const href = known
                    ? `/lottery/${known.family}/${known.lotteryCode}`
                    : `/lotteryHall?key=${encodeURIComponent(c)}`;
                  return (
                    <li key={c}>
                      <Link
                        href={href}
                        className="inline-block rounded-full bg-gray-100 px-3 py-1 text-xs text-gray-800"
                      >
                        {known?.lotteryName ?? c}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </div>
          )}
          {!self && (iAmManager || targetManager) && (
            <button
              type="button"
              onClick={() => void chat()}
              className="min-h-10 w-full rounded-lg bg-brand text-sm font-medium text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
            >
              私聊
            </button>
          )}
          {iAmManager && !self && (
            <div>
              <label className="block text-xs text-gray-500" htmlFor="member-remark">
                备注（{remark.length}/{REMARK_MAX_CHARS}）
              </label>
              <div className="mt-1 flex gap-2">
                <input
                  id="member-remark"
                  value={remark}
                  maxLength={REMARK_MAX_CHARS}
                  onChange={(e) => setRemarkText(e.target.value)}
                  className="min-w-0 flex-1 rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-brand focus:outline-none"
                />
                <button
                  type="button"
                  onClick={() => void saveRemark()}
                  className="shrink-0 rounded-lg border border-gray-300 px-3 text-sm focus-visible:outline-2 focus-visible:outline-brand"
                >
                  保存备注
                </button>
              </div>
            </div>
          )}
          {iAmManager && roomCode && !self && card && !targetManager && (
            <MuteButtons
              roomCode={roomCode}
              userId={String(userId)}
              nickName={info.nickName || info.userName}
              banId={truthy(card.isBanned) ? card.banId : undefined}
              onDone={() => setTick((n) => n + 1)}
            />
          )}
        </div>
      )}
    </Sheet>
  );
}
