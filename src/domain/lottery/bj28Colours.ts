/** BJ28 波色 of a sum (§9, the 色波 play): its own small module so result displays need not load the plays. */
export const BJ28_RED: readonly number[] = [3, 6, 9, 12, 15, 18, 21, 24];
export const BJ28_GREEN: readonly number[] = [1, 4, 7, 10, 16, 19, 22, 25];
export const BJ28_BLUE: readonly number[] = [2, 5, 8, 11, 17, 20, 23, 26];

/** The 波色 of a sum: 0, 13, 14 and 27 have none. */
export function bj28ColourOf(s: number): 'red' | 'green' | 'blue' | null {
  return BJ28_RED.includes(s)
    ? 'red'
    : BJ28_GREEN.includes(s)
      ? 'green'
      : BJ28_BLUE.includes(s)
        ? 'blue'
        : null;
}
