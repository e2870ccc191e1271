/**
 * Renders its children once its place on the page comes within `margin` of the viewport, and a
 * placeholder of the same place until then: a section below the fold (with its lazy chunk and its
 * data request) waits until the player scrolls towards it instead of loading with the first screen.
 * Without IntersectionObserver the children render at once. Once shown, they stay.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

export function WhenNear({
  children,
  placeholder,
  margin = '0px',
}: {
  children: ReactNode;
  placeholder: ReactNode;
  /** how far outside the viewport counts as near (an IntersectionObserver rootMargin) */
  margin?: string;
}) {
  const [near, setNear] = useState(false);
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = place.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [near, margin]);
  return near ? children : <div ref={place}>{placeholder}</div>;
}
