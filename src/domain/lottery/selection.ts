/**
 * Selection validation and the canonical selection string of §11:
 * rows separated by ',', numbers inside a row by ' ', '-' = empty row; attribute rows use their labels
 * (大 小 单 双 …); two-digit families zero-pad (01 … 80). 单式 entries: one entry per ',' segment.
 */
import type { PlayDef, RowSpec, Selection } from './types.ts';

const pad = (play: PlayDef, v: number): string => {
  const max = Math.max(...play.rows.flatMap((r) => r.values));
  return max >= 10 && ['SYX5', 'PK10', 'KL8', 'LHC'].includes(play.family)
    ? String(v).padStart(2, '0')
    : String(v);
};

function tokenText(play: PlayDef, spec: RowSpec, v: number): string {
  const i = spec.values.indexOf(v);
  return spec.labels && i >= 0 ? spec.labels[i]! : pad(play, v);
}

function checkRow(spec: RowSpec, r: readonly number[]): string | null {
  if (!r.every((v) => Number.isInteger(v) && spec.values.includes(v)))
    return `${spec.nameZh}含有无效号码`;
  if (new Set(r).size !== r.length) return `${spec.nameZh}号码重复`;
  if (r.length < spec.min || r.length > spec.max)
    return `${spec.nameZh}需选${spec.min}至${spec.max}个号码`;
  return null;
}

/** Structural check: returns a Chinese message, or null when the selection is a valid bet of ≥ 1 line. */
export function validateSelection(play: PlayDef, sel: Selection): string | null {
  if (play.input === 'entries') {
    const entries = play.positionRow ? sel.rows.slice(0, -1) : sel.rows;
    if (entries.length === 0) return '请输入号码';
    const allowed = play.rows[0]!.values;
    for (const e of entries) {
      if (e.length !== play.entryLength || !e.every((v) => allowed.includes(v)))
        return '单式号码格式错误';
    }
    if (play.positionRow) {
      const bad = checkRow(play.positionRow, sel.rows.at(-1)!);
      if (bad) return bad;
    }
  } else {
    if (sel.rows.length !== play.rows.length) return '选号位置数量错误';
    for (let i = 0; i < sel.rows.length; i++) {
      const bad = checkRow(play.rows[i]!, sel.rows[i]!);
      if (bad) return bad;
    }
  }
  const extra = play.check?.(sel);
  if (extra) return extra;
  return play.countBets(sel) > 0 ? null : '选号不足，无法构成一注';
}

/** Canonical selection text for a (valid) selection. */
export function formatSelection(play: PlayDef, sel: Selection): string {
  if (play.input === 'entries' && play.positionRow) {
    const pos = play.positionRow;
    const text = formatSelection(
      { ...play, positionRow: undefined },
      { rows: sel.rows.slice(0, -1) },
    );
    return `${text}|${sel.rows
      .at(-1)!
      .map((v) => tokenText(play, pos, v))
      .join(' ')}`;
  }
  if (play.input === 'entries')
    return sel.rows.map((e) => e.map((v) => pad(play, v)).join(' ')).join(',');
  return sel.rows
    .map((r, i) => (r.length ? r.map((v) => tokenText(play, play.rows[i]!, v)).join(' ') : '-'))
    .join(',');
}

/** Parses canonical text; null when a token is unknown. Validation is separate (validateSelection). */
export function parseSelection(play: PlayDef, text: string): Selection | null {
  if (play.input === 'entries' && play.positionRow) {
    const cut = text.lastIndexOf('|');
    if (cut < 0) return null;
    const entries = parseSelection({ ...play, positionRow: undefined }, text.slice(0, cut));
    const pos = play.positionRow;
    const positions: number[] = [];
    for (const t of text
      .slice(cut + 1)
      .trim()
      .split(/\s+/)) {
      const i = pos.labels ? pos.labels.indexOf(t) : -1;
      if (i < 0) return null;
      positions.push(pos.values[i]!);
    }
    return entries && { rows: [...entries.rows, positions] };
  }
  const segments = text.split(',').map((s) => s.trim());
  const rows: number[][] = [];
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    const spec = play.input === 'entries' ? play.rows[0]! : play.rows[i];
    if (!spec) return null;
    if (seg === '-' && play.input === 'rows') {
      rows.push([]);
      continue;
    }
    // 单式 digits may be typed without spaces ("123"): split single-digit families per character.
    const tokens =
      play.input === 'entries' && !seg.includes(' ') && Math.max(...spec.values) < 10
        ? [...seg]
        : seg.split(/\s+/);
    const values: number[] = [];
    for (const t of tokens) {
      const li = spec.labels ? spec.labels.indexOf(t) : -1;
      if (li >= 0) values.push(spec.values[li]!);
      else if (/^\d{1,3}$/.test(t)) values.push(Number(t));
      else return null;
    }
    rows.push(values);
  }
  return { rows };
}
