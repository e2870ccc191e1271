/**
 * The floating toolbar (spec 001 section 2): a small round button that opens the quick panel. It
 * rests where it covers nothing (position.ts: in the tab bar's slot, or against a side edge where
 * the player drags it) and carries the 红包 badge (activity envelopes to claim, 9+ above 9, the
 * panel's own count). Only this button and the badge's count are in the first screen's code (the
 * count is asked once the page is quiet); the panel and the service picker load on first open.
 * Keyboard: Enter or Space opens, the arrow keys move the button, Escape closes the panel.
 */
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import {
  BUTTON_SIZE_PX,
  clampPosition,
  dockPosition,
  loadDock,
  restingDock,
  saveDock,
  type Dock,
  type Point,
} from './position';
import { badgeLabel } from '../../../domain/toolbar/service';
import { useActivityEnvelopeCount } from '../activity/badge';
import { currentUser } from '../../state/session';
import { whenPageSettled } from '../../settled';

const ToolbarPanel = lazy(() => import('./ToolbarPanel'));

/** a press that moves less than this is a tap, not a drag */
const DRAG_THRESHOLD_PX = 6;
const KEY_STEP_PX = 16;

const viewport = () => ({ width: window.innerWidth, height: window.innerHeight });

/** The longest the badge waits for the service worker's install before asking anyway. */
const BADGE_WAIT_MS = 10_000;

/**
 * True once the page has settled and the service worker is installed (its precache takes the
 * phone's connections right after the settle), or BADGE_WAIT_MS after the settle: the badge's count
 * is the least urgent request of a page, so it never competes with the page's own code and data.
 */
function useQuietMoment(): boolean {
  const [quiet, setQuiet] = useState(false);
  useEffect(() => {
    let live = true;
    whenPageSettled(() => {
      const installed =
        'serviceWorker' in navigator ? navigator.serviceWorker.ready : Promise.resolve();
      const timeout = new Promise((r) => setTimeout(r, BADGE_WAIT_MS));
      void Promise.race([installed, timeout]).then(() => {
        if (live) setQuiet(true);
      });
    });
    return () => {
      live = false;
    };
  }, []);
  return quiet;
}

/** Where an arrow key moves the button: sideways to the other edge, up and down along it (down into the slot). */
function keyDock(key: string, dock: Dock, at: Point, tabBar: boolean): Dock | null {
  const vp = viewport();
  if (key === 'ArrowLeft' || key === 'ArrowRight')
    return {
      slot: false,
      side: key === 'ArrowLeft' ? 'left' : 'right',
      y: dockPosition({ slot: false, side: 'right', y: at.y }, vp, tabBar).y,
    };
  if (key !== 'ArrowUp' && key !== 'ArrowDown') return null;
  if (dock.slot) return key === 'ArrowUp' ? { slot: false, side: 'right', y: vp.height } : dock;
  const y = at.y + (key === 'ArrowUp' ? -KEY_STEP_PX : KEY_STEP_PX);
  const lowest = dockPosition({ ...dock, y: vp.height }, vp, tabBar).y;
  if (tabBar && key === 'ArrowDown' && at.y >= lowest) return { slot: true };
  return { ...dock, y: Math.min(y, lowest) };
}

export function FloatingToolbar({ tabBar = false }: { tabBar?: boolean }) {
  useSignals();
  const [dock, setDock] = useState<Dock>(loadDock);
  const [vp, setVp] = useState(viewport);
  /** where the button is while it is being dragged */
  const [dragAt, setDragAt] = useState<Point | null>(null);
  const [open, setOpen] = useState(false);
  const drag = useRef<{ id: number; start: Point; from: Point; moved: boolean } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  /** set when a drag ends, so the click that follows it does not open the panel */
  const dragEnded = useRef(false);
  const loggedIn = Boolean(currentUser.value?.isLogin);
  const quiet = useQuietMoment();
  const envelopes = useActivityEnvelopeCount(loggedIn && quiet);
  const badge = badgeLabel(envelopes);
  const pos = dragAt ?? dockPosition(dock, vp, tabBar);

  useEffect(() => {
    const onResize = () => setVp(viewport());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const rest = (d: Dock) => {
    setDock(d);
    saveDock(d);
  };
  const dragged = (d: NonNullable<typeof drag.current>, e: PointerEvent<HTMLButtonElement>) =>
    clampPosition(
      { x: d.from.x + e.clientX - d.start.x, y: d.from.y + e.clientY - d.start.y },
      viewport(),
    );

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0) return;
    dragEnded.current = false;
    drag.current = {
      id: e.pointerId,
      start: { x: e.clientX, y: e.clientY },
      from: pos,
      moved: false,
    };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    if (!d.moved && Math.hypot(e.clientX - d.start.x, e.clientY - d.start.y) < DRAG_THRESHOLD_PX)
      return;
    d.moved = true;
    setDragAt(dragged(d, e));
  };
  const onPointerUp = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    drag.current = null;
    setDragAt(null);
    if (d.moved) rest(restingDock(dragged(d, e), viewport(), tabBar));
  };
  const onClick = () => {
    if (dragEnded.current) {
      dragEnded.current = false;
      return;
    }
    setOpen(true);
  };
  const onPointerUpCapture = () => {
    if (drag.current?.moved) dragEnded.current = true;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const next = keyDock(e.key, dock, pos, tabBar);
    if (!next) return;
    e.preventDefault();
    rest(next);
  };
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label="快捷工具"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-describedby={badge ? 'toolbar-badge-text' : undefined}
        title="快捷工具（可拖动，方向键移动）"
        data-testid="toolbar-button"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUpCapture={onPointerUpCapture}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          drag.current = null;
          setDragAt(null);
        }}
        onClick={onClick}
        onKeyDown={onKeyDown}
        style={{
          left: pos.x,
          top: pos.y,
          width: BUTTON_SIZE_PX,
          height: BUTTON_SIZE_PX,
          touchAction: 'none',
        }}
        className="fixed z-40 flex select-none items-center justify-center rounded-full bg-brand/90 text-white shadow-lg ring-2 ring-white/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            d="M4 5h16v10H9l-5 4zM8 9h8M8 12h5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
            strokeLinecap="round"
          />
        </svg>
        {badge && (
          <span
            data-testid="toolbar-badge"
            aria-hidden="true"
            className="absolute -top-1 -right-1 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-semibold text-white ring-2 ring-white"
          >
            {badge}
          </span>
        )}
        {badge && (
          <span id="toolbar-badge-text" className="sr-only">{`${envelopes}个红包可领取`}</span>
        )}
      </button>
      {open && (
        <Suspense
          fallback={
            <div role="status" aria-label="加载中" className="fixed inset-0 z-50 bg-black/30" />
          }
        >
          <ToolbarPanel onClose={close} />
        </Suspense>
      )}
    </>
  );
}
