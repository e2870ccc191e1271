/** /howtoplay/:id — the rules of every play of one lottery (public; readable offline from the cache). */
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState, Page } from '../../../ui';
import { Link } from 'wouter';
import { usePageTitle } from '../../../state/pageTitle';
import { getHowToPlay } from '../api';
import { FAMILY_NAMES } from '../families';
import { formatOdds } from '../../../../domain/lottery/formatOdds';
import { useLotteries } from '../hooks/useLotteries';
import { useRouteParams } from '../hooks/useRouteParams';
import { GroupChips } from '../components/PlayMenu';
import { capsText } from '../components/CapNote';
import { keys, useQuery } from '../../../query';

export default function HowToPlayPage() {
  const { id = '' } = useRouteParams('/howtoplay/:id');
  const rules = useQuery({ queryKey: keys.howToPlay(id), queryFn: () => getHowToPlay(id) });
  const { list } = useLotteries();
  const item = list?.find((l) => l.lotteryCode === id);
  const title = item ? `${item.lotteryName}玩法说明` : '玩法说明';
  usePageTitle(title);
  const groups = rules.data?.groups ?? [];
  const [open, setOpen] = useState<string | null>(null);
  const current = open ?? groups[0]?.group ?? null;

  return (
    <Page title={title} back={item ? `/lotteryHall?key=${item.family}` : '/lotteryHall'}>
      {rules.loading ? (
        <LoadingState />
      ) : rules.error ? (
        <ErrorState message={rules.error.message} onRetry={rules.reload} />
      ) : groups.length === 0 ? (
        <EmptyState text="暂无玩法说明" />
      ) : (
        <>
          <p className="mb-3 text-sm text-gray-700">
            {FAMILY_NAMES[rules.data!.family] ?? ''}
            {item && (
              <>
                {' '}
                ·{' '}
                <Link
                  href={`/lottery/${item.family}/${item.lotteryCode}`}
                  className="text-brand underline"
                >
                  去投注
                </Link>
              </>
            )}
          </p>
          {capsText(rules.data!.payoutCaps) && (
            <p className="mb-3 text-sm text-gray-700">{capsText(rules.data!.payoutCaps)}</p>
          )}
          <GroupChips
            groups={groups}
            current={current}
            onPick={setOpen}
            className="-mx-4 mb-3 px-4 pb-1"
            idle="bg-white"
          />
          {groups
            .filter((g) => g.group === current)
            .map((g) => (
              <section key={g.group} aria-label={g.group} className="flex flex-col gap-3">
                {g.plays.map((p) => (
                  <article key={p.playDetailCode} className="rounded-xl bg-white p-3">
                    <h2 className="font-semibold text-gray-900">{p.name}</h2>
                    <p className="mt-1 whitespace-pre-line text-sm leading-relaxed text-gray-800">
                      {p.description || '暂无说明'}
                    </p>
                    {/* the server's description already lists the prizes; the table stands in when it is missing */}
                    {!p.description && p.tiers.length > 0 && (
                      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                        {p.tiers.map((t) => (
                          <div key={t.id} className="contents">
                            <dt className="text-gray-600">{t.name}</dt>
                            <dd className="text-gray-900">
                              {p.model === 'odds'
                                ? `赔率 ${formatOdds(Number(t.prize))}`
                                : `${t.prize}元`}
                            </dd>
                          </div>
                        ))}
                      </dl>
                    )}
                  </article>
                ))}
              </section>
            ))}
        </>
      )}
    </Page>
  );
}
