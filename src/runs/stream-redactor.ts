/** What replaces a secret in stored and sent text. */
export const REDACTED = '[redacted]';

/** Text that arrives in pieces, redacted as a whole: a secret split across pieces is still caught. */
export interface StreamRedactor {
  /**
   * Takes the next piece; returns the text that can go out now, secrets replaced. A tail that may be
   * the start of a secret (at most the longest secret's length minus one) is held back.
   */
  push(text: string): string;
  /** What is still held back, at the end of the stream (or before anything else is sent). */
  flush(): string;
}

/** Length of the longest end of `text` that is a proper beginning of one of `secrets`. */
function heldLength(text: string, secrets: readonly string[]): number {
  let longest = 0;
  for (const secret of secrets) {
    for (let length = Math.min(secret.length - 1, text.length); length > longest; length -= 1) {
      if (text.endsWith(secret.slice(0, length))) {
        longest = length;
        break;
      }
    }
  }
  return longest;
}

/** A redactor for streamed text (report deltas) over the given secrets. */
export function createStreamRedactor(secrets: readonly string[]): StreamRedactor {
  const present = [...new Set(secrets.filter((secret) => secret.length > 0))];
  let held = '';
  return {
    push(text) {
      let buffer = held + text;
      for (const secret of present) buffer = buffer.split(secret).join(REDACTED);
      const keep = heldLength(buffer, present);
      held = buffer.slice(buffer.length - keep);
      return buffer.slice(0, buffer.length - keep);
    },
    flush() {
      const rest = held;
      held = '';
      return rest;
    },
  };
}
