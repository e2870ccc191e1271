/** Banner carousel: auto-advances every 4 s, dots are real buttons. */
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { Banner } from '../content/api';
import { linkTarget } from './links';

function BannerImage({ b, first }: { b: Banner; first: boolean }) {
  const img = (
    <img
      src={b.image}
      alt={b.title}
      width={750}
      height={300}
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : 'auto'}
      className="h-full w-full object-cover"
    />
  );
  const target = linkTarget(b.link);
  if (!target) return img;
  if (target.kind === 'outside')
    return (
      <a href={target.href} target="_blank" rel="noopener noreferrer">
        {img}
      </a>
    );
  return <Link href={target.href}>{img}</Link>;
}

export function Carousel({ list }: { list: Banner[] }) {
  const [i, setI] = useState(0);
  useEffect(() => {
    if (list.length < 2) return;
    const t = setInterval(() => setI((x) => (x + 1) % list.length), 4000);
    return () => clearInterval(t);
  }, [list.length]);
  return (
    <section
      aria-label="活动横幅"
      className="relative aspect-[5/2] overflow-hidden rounded-xl bg-brand/10"
    >
      <div
        className="flex h-full transition-transform duration-500"
        style={{ transform: `translateX(-${i * 100}%)` }}
      >
        {list.map((b, k) => (
          <div
            key={b.id}
            className="h-full w-full shrink-0"
            aria-hidden={k !== i || undefined}
            inert={k !== i || undefined}
          >
            <BannerImage b={b} first={k === 0} />
          </div>
        ))}
      </div>
      {list.length > 1 && (
        <div className="absolute inset-x-0 bottom-1 flex justify-center">
          {list.map((b, k) => (
            <button
              key={b.id}
              type="button"
              onClick={() => setI(k)}
              aria-label={`第${k + 1}张：${b.title}`}
              aria-current={k === i || undefined}
              className="flex h-6 w-6 items-center justify-center focus-visible:outline-2 focus-visible:outline-white"
            >
              <span
                className={`block h-2 w-2 rounded-full ${k === i ? 'bg-white' : 'bg-white/50'}`}
              />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
