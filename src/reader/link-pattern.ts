import { RE2JS } from 're2js';
import { ReaderError } from './errors.js';

/** Tells whether a link should be followed. */
export interface LinkPattern {
  test(url: string): boolean;
}

/**
 * Compiles the pattern of a deep read. A string — chosen by a model or a user, so never trusted — runs
 * on RE2 (linear time in the link's length: no backtracking, so no pattern can freeze the event loop);
 * RE2 has no backreferences or lookaround, and such a pattern is refused with `invalid_pattern`.
 * A RegExp object is the caller's own code and is used as it is.
 */
export function compileLinkPattern(pattern: string | RegExp): LinkPattern {
  if (pattern instanceof RegExp) return pattern;
  try {
    return RE2JS.compile(pattern);
  } catch (error) {
    throw new ReaderError({
      code: 'invalid_pattern',
      message: `The link pattern "${pattern}" is not a valid RE2 regular expression (${error instanceof Error ? error.message : String(error)}); use a plain one such as "/docs/" without backreferences or lookaround.`,
      cause: error,
    });
  }
}
