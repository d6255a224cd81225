/**
 * A message for anything thrown: never empty, never just `null` or `undefined`. A suite, a check or a library may
 * throw a value that is not an Error (fast-check hands back whatever the predicate threw), or an Error without a
 * message; a report line must still say what happened.
 */
export function messageOf(thrown: unknown): string {
  if (thrown instanceof Error) {
    const text = thrown.message.trim();
    if (text !== '') return thrown.message;
    const cause = thrown.cause === undefined ? '' : `; its cause: ${messageOf(thrown.cause)}`;
    return `${thrown.name} without a message${cause}`;
  }
  if (thrown === null || thrown === undefined) {
    return `the code threw ${String(thrown)} instead of an Error, so there is no message (look for a \`throw\` of a missing value, or a promise rejected without a reason)`;
  }
  if (typeof thrown === 'string') return thrown.trim() === '' ? 'the code threw an empty string instead of an Error' : thrown;
  if (typeof thrown === 'object') {
    const { message } = thrown as { message?: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
    let text: string;
    try {
      text = JSON.stringify(thrown, (_key, item: unknown) => (typeof item === 'bigint' ? `${item}n` : item)) ?? String(thrown);
    } catch {
      text = String(thrown);
    }
    return `the code threw an object that is not an Error: ${text.length > 300 ? `${text.slice(0, 297)}...` : text}`;
  }
  return `the code threw the ${typeof thrown} ${String(thrown)} instead of an Error`;
}

/** `Name: message` for an Error, else `messageOf`: the first line of a suite error. */
export function headlineOf(thrown: unknown): string {
  return thrown instanceof Error && thrown.message.trim() !== '' ? `${thrown.name}: ${thrown.message}` : messageOf(thrown);
}
