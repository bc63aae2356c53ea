/**
 * Edits (insert, delete or replace one character, or swap two neighbours) that turn `from` into
 * `to`, case ignored: the optimal string alignment distance, so "modle" is one edit from "model".
 */
function editDistance(from: string, to: string): number {
  const a = from.toLowerCase();
  const b = to.toLowerCase();
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let row = 1; row <= a.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= b.length; column += 1) {
      const replace = (previous[column - 1] ?? 0) + (a[row - 1] === b[column - 1] ? 0 : 1);
      let best = Math.min((previous[column] ?? 0) + 1, (current[column - 1] ?? 0) + 1, replace);
      const swapped = row > 1 && column > 1 && a[row - 1] === b[column - 2] && a[row - 2] === b[column - 1];
      if (swapped) best = Math.min(best, (before[column - 2] ?? 0) + 1);
      current.push(best);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * The known name a mistyped one most likely meant: the nearest by edit distance, when it is within
 * a third of the typed name's length (at least 1 edit, at most 3). Between names as near, the one
 * whose length is closest to the typed name's wins (a slip of the fingers seldom adds or drops a
 * letter and swaps two at once); when that still ties, undefined, and the caller lists the known
 * names instead.
 */
export function closestName(typed: string, known: readonly string[]): string | undefined {
  const limit = Math.min(3, Math.max(1, Math.floor(typed.length / 3)));
  const ranked = known
    .map((name) => ({
      name,
      distance: editDistance(typed, name),
      lengthGap: Math.abs(name.length - typed.length),
    }))
    .filter((entry) => entry.distance <= limit)
    .sort((left, right) => left.distance - right.distance || left.lengthGap - right.lengthGap);
  const [best, next] = ranked;
  if (!best || (next && next.distance === best.distance && next.lengthGap === best.lengthGap))
    return undefined;
  return best.name;
}
