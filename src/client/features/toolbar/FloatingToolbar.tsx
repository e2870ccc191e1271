/**
 * The floating toolbar (spec 001 section 2): a round button the player drags anywhere inside the
 * window (pointer events; the place is remembered) that opens the quick panel. Only this button
 * is in the first screen's code; the panel, its badges and the service picker load on first open.
 * Keyboard: Enter or Space opens, the arrow keys move the button, Escape closes the panel.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { BUTTON_SIZE_PX, clampPosition, loadPosition, savePosition, type Point } from './position';

const ToolbarPanel = lazy(() => import('./ToolbarPanel'));

/** a press that moves less than this is a tap, not a drag */
const DRAG_THRESHOLD_PX = 6;
const KEY_STEP_PX = 16;

const viewport = () => ({ width: window.innerWidth, height: window.innerHeight });

export function FloatingToolbar() {
  const [pos, setPos] = useState<Point>(() => loadPosition(viewport()));
  const [open, setOpen] = useState(false);
  const drag = useRef<{ id: number; start: Point; from: Point; moved: boolean } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  /** set when a drag ends, so the click that follows it does not open the panel */
  const dragEnded = useRef(false);

  useEffect(() => {
    const onResize = () => setPos((p) => clampPosition(p, viewport()));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const moveTo = (p: Point) => { const c = clampPosition(p, viewport()); setPos(c); return c; };

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0) return;
    dragEnded.current = false;
    drag.current = { id: e.pointerId, start: { x: e.clientX, y: e.clientY }, from: pos, moved: false };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    const dx = e.clientX - d.start.x;
    const dy = e.clientY - d.start.y;
    if (!d.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
    d.moved = true;
    moveTo({ x: d.from.x + dx, y: d.from.y + dy });
  };
  const onPointerUp = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    drag.current = null;
    if (d.moved) savePosition(clampPosition({ x: d.from.x + e.clientX - d.start.x, y: d.from.y + e.clientY - d.start.y }, viewport()));
  };
  const onClick = () => {
    if (dragEnded.current) { dragEnded.current = false; return; }
    setOpen(true);
  };
  const onPointerUpCapture = () => { if (drag.current?.moved) dragEnded.current = true; };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const step: Record<string, Point> = { ArrowLeft: { x: -KEY_STEP_PX, y: 0 }, ArrowRight: { x: KEY_STEP_PX, y: 0 }, ArrowUp: { x: 0, y: -KEY_STEP_PX }, ArrowDown: { x: 0, y: KEY_STEP_PX } };
    const s = step[e.key];
    if (!s) return;
    e.preventDefault();
    savePosition(moveTo({ x: pos.x + s.x, y: pos.y + s.y }));
  };
  const close = useCallback(() => { setOpen(false); button.current?.focus(); }, []);

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label="快捷工具"
        aria-haspopup="dialog"
        aria-expanded={open}
        title="快捷工具（可拖动，方向键移动）"
        data-testid="toolbar-button"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUpCapture={onPointerUpCapture}
        onPointerUp={onPointerUp}
        onPointerCancel={() => { drag.current = null; }}
        onClick={onClick}
        onKeyDown={onKeyDown}
        style={{ left: pos.x, top: pos.y, width: BUTTON_SIZE_PX, height: BUTTON_SIZE_PX, touchAction: 'none' }}
        className="fixed z-40 flex select-none items-center justify-center rounded-full bg-brand/90 text-white shadow-lg ring-2 ring-white/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      >
        <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
          <path d="M4 5h16v10H9l-5 4zM8 9h8M8 12h5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <Suspense fallback={<div role="status" aria-label="加载中" className="fixed inset-0 z-50 bg-black/30" />}>
          <ToolbarPanel onClose={close} />
        </Suspense>
      )}
    </>
  );
}
