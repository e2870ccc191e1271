/** @-mentions in the input (spec 001 §5): names map to ids, @全部 is status 1, backspace removes a whole mention. */
export interface Mention {
  name: string;
  userId: string;
}
export const ALL_NAME = '全部';

/** The ids of mentions still in the text, comma-joined; and whether @全部 is in it (managers only). */
export function mentionFields(
  text: string,
  mentions: readonly Mention[],
  manager: boolean,
): { status: 0 | 1; userIds: string } {
  const ids = [
    ...new Set(
      mentions
        .filter((m) => m.name !== ALL_NAME && text.includes(`@${m.name} `))
        .map((m) => m.userId),
    ),
  ];
  return { status: manager && text.includes(`@${ALL_NAME} `) ? 1 : 0, userIds: ids.join(',') };
}

/** Appends `@name ` to the text (after a space when the text does not end in one or in a typed @). */
export function insertMention(text: string, name: string): string {
  if (text.endsWith('@')) return `${text}${name} `;
  return `${text}${text && !/\s$/.test(text) ? ' ' : ''}@${name} `;
}

/** Backspace with the caret right after `@name `: the text without that whole mention, else null. */
export function backspaceMention(
  text: string,
  caret: number,
  mentions: readonly Mention[],
): { text: string; caret: number } | null {
  const before = text.slice(0, caret);
  for (const m of mentions) {
    const tag = `@${m.name} `;
    if (before.endsWith(tag))
      return { text: before.slice(0, -tag.length) + text.slice(caret), caret: caret - tag.length };
  }
  return null;
}
