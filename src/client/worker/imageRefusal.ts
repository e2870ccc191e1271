/**
 * The name of our own image refusals (shown to the player as they are), told apart from the browser's
 * decode and drawing errors by it, never by their text. A name survives the worker boundary (comlink
 * copies an error's name and message), a class would not.
 */
export const IMAGE_REFUSAL = 'ImageRefusal';

export function imageRefusal(msg: string): Error {
  return Object.assign(new Error(msg), { name: IMAGE_REFUSAL });
}

export const isImageRefusal = (e: unknown): e is Error =>
  e instanceof Error && e.name === IMAGE_REFUSAL;
