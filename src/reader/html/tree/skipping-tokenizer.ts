import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';

/** The parts of htmlparser2's tokenizer that `SkippingTokenizer` reads and overrides (private in its types). */
interface TokenizerInternals {
  /** The text being read, and where it starts in the whole input (0 when it is read at once). */
  buffer: string;
  offset: number;
  /** Where the tokenizer stands in the whole input; its loop adds one after each state's call. */
  index: number;
  stateText(code: number): void;
  stateInAttributeValueDoubleQuotes(code: number): void;
  stateInAttributeValueSingleQuotes(code: number): void;
  fastForwardTo(code: number): boolean;
}

type TokenizerClass = new (
  options: { xmlMode?: boolean; decodeEntities?: boolean },
  callbacks: TokenizerCallbacks,
) => TokenizerInternals;

const LESS_THAN = 0x3c;
const AMPERSAND = 0x26;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;

/**
 * htmlparser2's tokenizer, reading text and quoted attribute values a stretch at a time. With
 * entities decoded its loop hands every character of them to a state one call at a time, though
 * only `<` and `&` (in a value: its closing quote and `&`) do anything there; this steps over the
 * others in one tight loop and hands only those to htmlparser2's own state, so the tokens and
 * callbacks are the same. (Searching with `indexOf` cost more: most stretches are a few characters.)
 */
export class SkippingTokenizer extends (Tokenizer as unknown as TokenizerClass) {
  override stateText(code: number): void {
    if (code === LESS_THAN || code === AMPERSAND) super.stateText(code);
    else this.#skipTo(LESS_THAN);
  }

  override stateInAttributeValueDoubleQuotes(code: number): void {
    if (code === DOUBLE_QUOTE || code === AMPERSAND) super.stateInAttributeValueDoubleQuotes(code);
    else this.#skipTo(DOUBLE_QUOTE);
  }

  override stateInAttributeValueSingleQuotes(code: number): void {
    if (code === SINGLE_QUOTE || code === AMPERSAND) super.stateInAttributeValueSingleQuotes(code);
    else this.#skipTo(SINGLE_QUOTE);
  }

  /**
   * Moves to the next `code` after the current character and says whether one was found (else to
   * the last character), as htmlparser2's own does one character at a time: a script, a style or a
   * comment is searched for its end with `indexOf`.
   */
  override fastForwardTo(code: number): boolean {
    const { buffer, offset } = this;
    const at = buffer.indexOf(String.fromCharCode(code), this.index - offset + 1);
    this.index = offset + (at === -1 ? buffer.length - 1 : at);
    return at !== -1;
  }

  /**
   * Moves to just before the next `stop` or `&` after the current character (to the last character
   * when neither follows), as the tokenizer's own `fastForwardTo` does: its loop then steps onto it.
   */
  #skipTo(stop: number): void {
    const { buffer, offset } = this;
    let at = this.index - offset + 1;
    for (; at < buffer.length; at++) {
      const code = buffer.charCodeAt(at);
      if (code === stop || code === AMPERSAND) break;
    }
    this.index = offset + at - 1;
  }
}
