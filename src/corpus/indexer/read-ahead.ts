/**
 * Maps `items` through an asynchronous `start`, keeping up to `window` of them under way ahead of
 * the one asked for, and yields the results in order. File reads wait on the disk and the thread
 * pool; started ahead, they overlap the parsing of the files before them.
 */
export async function* readAhead<Item, Result>(
  items: readonly Item[],
  start: (item: Item) => Promise<Result>,
  window: number,
): AsyncGenerator<Result> {
  const started = new Map<number, Promise<Result>>();
  for (let index = 0; index < items.length; index++) {
    for (let next = index; next < Math.min(items.length, index + window); next++) {
      if (started.has(next)) continue;
      const promise = start(items[next] as Item);
      // A result nobody waits for any more (the caller stopped early) must not end the process as
      // an unhandled rejection; the ones waited for still throw below.
      promise.catch(() => undefined);
      started.set(next, promise);
    }
    const result = await (started.get(index) as Promise<Result>);
    started.delete(index);
    yield result;
  }
}
