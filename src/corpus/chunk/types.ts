/** A passage of a file as indexed: lines 1-based and inclusive. */
export interface Chunk {
  startLine: number;
  endLine: number;
  /** Main definition (code), e.g. `Router.handle`. */
  symbol: string | undefined;
  /** Names that describe the passage: definitions in it (code) or its heading trail (prose). */
  title: string;
}
