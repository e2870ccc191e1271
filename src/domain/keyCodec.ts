/**
 * The engine of the ledger's two registries of structured strings, transfer ids (transferIds.ts)
 * and transfer refs (transferRefs.ts): a kind is a prefix and typed parts; a builder writes a kind's
 * parts after checking each, and the parser reads any string back to its kind and parts. Each
 * registry keeps its own kinds and its own typed builders over this one writer and reader.
 */

export type PartType = 'int' | 'version' | 'text' | 'day' | 'rest' | 'transferId';
/** A part's name, type and the separator before it (':' unless given). */
export type PartSpec = readonly [name: string, type: PartType, separator?: '-'];
export interface KindSpec {
  /** null: no prefix, the first part starts the string */
  readonly prefix: string | null;
  readonly parts: readonly PartSpec[];
  /** written by older code, still in databases: parsed, never built */
  readonly legacy?: true;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const GROUP: Record<PartType, string> = {
  int: '(0|[1-9]\\d*)',
  version: 'v(0|[1-9]\\d*)',
  text: '([^:]+)',
  day: '(\\d{4}-\\d{2}-\\d{2})',
  rest: '(.+)',
  transferId: '(.+)',
};

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

export interface KeyCodec {
  /** The string of `kind` with these parts; throws on a part of the wrong type or shape. */
  build(kind: string, values: readonly unknown[]): string;
  /** build's text in pieces: the prefix, then each part with the separator before it. */
  segments(kind: string, values: readonly unknown[]): string[];
  /** The kind and parts of a string, or null when no kind describes it. */
  parse(text: string): { kind: string; parts: Record<string, string | number> } | null;
}

/** `label` names the registry in errors ('transfer id', 'transfer ref'). */
export function keyCodec(label: string, kinds: Readonly<Record<string, KindSpec>>): KeyCodec {
  const shapes = Object.entries(kinds).map(([kind, spec]) => {
    const groups = spec.parts.map(
      ([, type, sep], i) =>
        `${spec.prefix === null && i === 0 ? '' : escapeRe(sep ?? ':')}${GROUP[type]}`,
    );
    const head = spec.prefix === null ? '' : escapeRe(spec.prefix);
    return { kind, spec, pattern: new RegExp(`^${head}${groups.join('')}$`) };
  });

  function writePart(kind: string, [name, type]: PartSpec, value: unknown): string {
    const bad = () => new Error(`${label} ${kind}: bad ${name} ${JSON.stringify(value)}`);
    if (type === 'int' || type === 'version') {
      if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw bad();
      return type === 'version' ? `v${value}` : String(value);
    }
    if (typeof value !== 'string' || value === '') throw bad();
    if (type === 'text' && value.includes(':')) throw bad();
    if (type === 'day' && !DAY.test(value)) throw bad();
    return value;
  }

  function segments(kind: string, values: readonly unknown[]): string[] {
    const spec = kinds[kind]!;
    if (spec.legacy) throw new Error(`${label} ${kind} is legacy: parse only`);
    if (values.length !== spec.parts.length)
      throw new Error(`${label} ${kind}: ${spec.parts.length} parts, got ${values.length}`);
    return [
      spec.prefix ?? '',
      ...spec.parts.map(
        (p, i) =>
          `${spec.prefix === null && i === 0 ? '' : (p[2] ?? ':')}${writePart(kind, p, values[i])}`,
      ),
    ];
  }

  return {
    segments,
    build: (kind, values) => segments(kind, values).join(''),
    parse(text) {
      for (const { kind, spec, pattern } of shapes) {
        const m = pattern.exec(text);
        if (!m) continue;
        const parts: Record<string, string | number> = {};
        spec.parts.forEach(([name, type], i) => {
          parts[name] = type === 'int' || type === 'version' ? Number(m[i + 1]) : m[i + 1]!;
        });
        return { kind, parts };
      }
      return null;
    },
  };
}
