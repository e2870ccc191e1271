/**
 * Where the floating button rests, so that it covers nothing a player needs: by default in a slot
 * the tab bar keeps free at its right end (TabBar reserves TOOLBAR_SLOT_PX), or, once the player
 * drags it elsewhere, against the nearer side edge of the window, fully visible and clear of the tab
 * bar. Let go over the tab bar, it goes back into the slot. The place is a layout preference, not
 * account data, so it lives in localStorage (read synchronously, so the button does not jump after
 * the first paint); a failed read or write only forgets it.
 */
export interface Point {
  x: number;
  y: number;
}
export interface Viewport {
  width: number;
  height: number;
}
/** In the tab bar's slot, or against a side edge at a height. */
export type Dock = { slot: true } | { slot: false; side: 'left' | 'right'; y: number };

export const BUTTON_SIZE_PX = 44;
/** The tab bar's height and the slot it keeps for the button (TabBar.tsx). */
export const TAB_BAR_HEIGHT_PX = 64;
export const TOOLBAR_SLOT_PX = 56;
/** The shell's column is centred and at most this wide (Tailwind max-w-screen-sm). */
const SHELL_MAX_WIDTH_PX = 640;
const MARGIN_PX = 8;
/** a new key: a place saved by the old, half off-screen button is not taken over */
const STORAGE_KEY = 'toolbar.dock';
/** with no tab bar, the slot's stand-in keeps clear of a page's own bottom bars */
const NO_TAB_BAR_BOTTOM_CLEARANCE_PX = 200;

/** The lowest top a button off the slot may have: above the tab bar when there is one. */
function lowestTop(viewport: Viewport, tabBar: boolean): number {
  return Math.max(
    MARGIN_PX,
    viewport.height - (tabBar ? TAB_BAR_HEIGHT_PX : 0) - BUTTON_SIZE_PX - MARGIN_PX,
  );
}

/** Keeps a point fully inside the window, a margin from every edge. */
export function clampPosition(p: Point, viewport: Viewport, size = BUTTON_SIZE_PX): Point {
  const maxX = Math.max(MARGIN_PX, viewport.width - size - MARGIN_PX);
  const maxY = Math.max(MARGIN_PX, viewport.height - size - MARGIN_PX);
  return {
    x: Math.min(Math.max(p.x, MARGIN_PX), maxX),
    y: Math.min(Math.max(p.y, MARGIN_PX), maxY),
  };
}

/** The slot at the right end of the tab bar, centred in it. */
export function slotPosition(viewport: Viewport): Point {
  const columnRight = (viewport.width + Math.min(viewport.width, SHELL_MAX_WIDTH_PX)) / 2;
  return {
    x: Math.round(columnRight - (TOOLBAR_SLOT_PX + BUTTON_SIZE_PX) / 2),
    y: Math.round(viewport.height - (TAB_BAR_HEIGHT_PX + BUTTON_SIZE_PX) / 2),
  };
}

/** Where the button is drawn for a dock. */
export function dockPosition(dock: Dock, viewport: Viewport, tabBar: boolean): Point {
  if (dock.slot) {
    if (tabBar) return slotPosition(viewport);
    return clampPosition(
      { x: viewport.width, y: viewport.height - NO_TAB_BAR_BOTTOM_CLEARANCE_PX },
      viewport,
    );
  }
  const x = dock.side === 'left' ? MARGIN_PX : viewport.width - BUTTON_SIZE_PX - MARGIN_PX;
  return {
    x: Math.max(MARGIN_PX, x),
    y: Math.min(Math.max(dock.y, MARGIN_PX), lowestTop(viewport, tabBar)),
  };
}

/** Where a button let go with its top-left at `p` rests: the slot over the tab bar, else the nearer side. */
export function restingDock(p: Point, viewport: Viewport, tabBar: boolean): Dock {
  const centre = { x: p.x + BUTTON_SIZE_PX / 2, y: p.y + BUTTON_SIZE_PX / 2 };
  if (tabBar && centre.y > viewport.height - TAB_BAR_HEIGHT_PX) return { slot: true };
  const y = Math.round(Math.min(Math.max(p.y, MARGIN_PX), lowestTop(viewport, tabBar)));
  return { slot: false, side: centre.x < viewport.width / 2 ? 'left' : 'right', y };
}

export function loadDock(): Dock {
  try {
    const raw = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<{
      side: unknown;
      y: unknown;
    }> | null;
    if (raw && (raw.side === 'left' || raw.side === 'right') && Number.isFinite(raw.y))
      return { slot: false, side: raw.side, y: raw.y as number };
  } catch {
    /* unreadable: the slot */
  }
  return { slot: true };
}

export function saveDock(d: Dock): void {
  try {
    if (d.slot) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify({ side: d.side, y: Math.round(d.y) }));
  } catch {
    /* storage full or blocked: not remembered */
  }
}
