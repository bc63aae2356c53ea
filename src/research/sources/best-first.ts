/** Positions handed out best first (see `bestFirst`). */
export interface BestFirst {
  /** The best position not taken yet, without taking it; undefined when all are taken. */
  peek(): number | undefined;
  /** Takes the best position not taken yet; undefined when all are taken. */
  take(): number | undefined;
}

/**
 * Positions 0…length-1, best first by `before` (true when `a` goes before `b`; a total order), from
 * a binary heap: the first k of n cost n + k·log n comparisons, where sorting all of them costs
 * n·log n — what matters when a few candidates are wanted out of thousands every step.
 */
export function bestFirst(length: number, before: (a: number, b: number) => boolean): BestFirst {
  const heap = new Int32Array(length);
  for (let position = 0; position < length; position += 1) heap[position] = position;
  let size = length;
  const sink = (start: number) => {
    let at = start;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= size) return;
      const right = left + 1;
      const child = right < size && before(heap[right] as number, heap[left] as number) ? right : left;
      if (!before(heap[child] as number, heap[at] as number)) return;
      const moved = heap[at] as number;
      heap[at] = heap[child] as number;
      heap[child] = moved;
      at = child;
    }
  };
  for (let at = (size >> 1) - 1; at >= 0; at -= 1) sink(at);
  return {
    peek() {
      return size > 0 ? heap[0] : undefined;
    },
    take() {
      if (size === 0) return undefined;
      const best = heap[0] as number;
      size -= 1;
      heap[0] = heap[size] as number;
      sink(0);
      return best;
    },
  };
}
