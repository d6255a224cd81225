/**
 * Flat copies of strings the ledger keeps for its whole life.
 *
 * A concatenation (`a + b`, a template literal) is a V8 cons string: a tree of its pieces, each one a heap
 * object. Kept by a stored update, such a tree costs several times the bytes of its characters, and every
 * garbage collection walks it. A flat copy is one object.
 */
const scratch = Buffer.allocUnsafe(4096);

/** `text` as one flat string. ASCII text only; other text (rare in ids and numbers) is returned as it is. */
export function flatString(text: string): string {
  if (text.length > scratch.length) return text;
  // Copied code by code (faster than `Buffer.write` for short text), giving up on the first non-ASCII one.
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code > 0x7f) return text;
    scratch[index] = code;
  }
  return scratch.toString('latin1', 0, text.length);
}
