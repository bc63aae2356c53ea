/** Link levels `deepRead` follows below the start page. */
export const DEEP_READ_DEPTH = 1;
/** Most sources `deepRead` returns, the start page included (the engine's deep-read action too). */
export const DEEP_READ_LIMIT = 8;
/** Pages `deepRead` reads at once. */
export const DEEP_READ_CONCURRENCY = 4;
/** Preferred passage length, in characters. */
export const PASSAGE_TARGET_CHARS = 600;
/** A page whose extraction (parse, choose, render) takes longer than this fails with `extract_timeout`. */
export const EXTRACT_TIMEOUT_MS = 20_000;
