/** Escapes LIKE wildcards so a keyword matches itself (`%keyword%`, with \\ as the escape). */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
