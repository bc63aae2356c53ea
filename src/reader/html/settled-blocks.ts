/**
 * The blocks of block elements met inside inline content (a card link's `<div>`), each written as a
 * paragraph of that content once (see `settledBlocksOf`). Such an element's blocks stand in the
 * inline content, and in the lists of blocks above it, as a stand-in (the mark and a number) until
 * the rendering hands its blocks out (`expanded`): a chain of `<a><div>` hundreds deep copied,
 * split and rewrote all the blocks below each level.
 */
export interface Settled {
  /** Each such element's blocks, by the number its stand-in holds. */
  lists: string[][];
  /** How a stand-in starts: a nonce, so that no page's text reads as one. */
  mark: string;
}

/** No blocks settled yet: a rendering's start. */
export function createSettled(): Settled {
  return { lists: [], mark: `\u0002${Math.random().toString(36).slice(2)}:` };
}

/** The settled list a block stands in for, if it is a stand-in. */
export function standsFor(block: string, settled: Settled | undefined): string[] | undefined {
  return settled && block.startsWith(settled.mark)
    ? settled.lists[Number(block.slice(settled.mark.length))]
    : undefined;
}

/** `blocks` with every stand-in replaced by the blocks it stands for, in order. */
export function expanded(blocks: string[], settled: Settled | undefined): string[] {
  if (!settled) return blocks;
  const result: string[] = [];
  const add = (list: string[]) => {
    for (const block of list) {
      const inner = standsFor(block, settled);
      if (inner) add(inner);
      else result.push(block);
    }
  };
  add(blocks);
  return result;
}
