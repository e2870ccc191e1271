/**
 * Where the floating button sits: kept inside the window, remembered across visits. It is a
 * layout preference, not account data, so it lives in localStorage (read synchronously, so the
 * button does not jump after the first paint); a failed read or write only forgets the place.
 */
export interface Point { x: number; y: number }

export const BUTTON_SIZE_PX = 52;
const MARGIN_PX = 4;
const STORAGE_KEY = 'toolbar.position';
/** the default place keeps clear of the bottom bars (tab bar, bet slip and its submit button) */
const DEFAULT_BOTTOM_CLEARANCE_PX = 200;

/**
 * How much of the button may hang past the left or right edge: docked to a side it covers only a
 * 31 px sliver of the page, so the last tab of a sideways strip or a row's right-hand button stays
 * tappable under it (the whole button is still easy to hit and drag back).
 */
export const EDGE_OVERHANG = 0.4;

export function clampPosition(p: Point, viewport: { width: number; height: number }, size = BUTTON_SIZE_PX): Point {
  const overhang = Math.round(size * EDGE_OVERHANG);
  const minX = -overhang;
  const maxX = Math.max(minX, viewport.width - size + overhang);
  const maxY = Math.max(MARGIN_PX, viewport.height - size - MARGIN_PX);
  return { x: Math.min(Math.max(p.x, minX), maxX), y: Math.min(Math.max(p.y, MARGIN_PX), maxY) };
}

export function defaultPosition(viewport: { width: number; height: number }): Point {
  // docked to the right edge, as far out as it may hang
  return clampPosition({ x: viewport.width, y: Math.round(viewport.height * 0.45) }, { width: viewport.width, height: viewport.height - DEFAULT_BOTTOM_CLEARANCE_PX + BUTTON_SIZE_PX });
}

export function loadPosition(viewport: { width: number; height: number }): Point {
  try {
    const raw = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<Point> | null;
    if (raw && Number.isFinite(raw.x) && Number.isFinite(raw.y)) return clampPosition({ x: raw.x!, y: raw.y! }, viewport);
  } catch { /* unreadable: the default place */ }
  return defaultPosition(viewport);
}

export function savePosition(p: Point): void {
  try { localStorage.setItem(STORAGE_KEY, JSON.stringify({ x: Math.round(p.x), y: Math.round(p.y) })); } catch { /* storage full or blocked: not remembered */ }
}
