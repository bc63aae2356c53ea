/** Edits (insert, delete, replace one character) that turn `from` into `to`, case ignored. */
function editDistance(from: string, to: string): number {
  const a = from.toLowerCase();
  const b = to.toLowerCase();
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let row = 1; row <= a.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= b.length; column += 1) {
      const replace = (previous[column - 1] ?? 0) + (a[row - 1] === b[column - 1] ? 0 : 1);
      current.push(Math.min((previous[column] ?? 0) + 1, (current[column - 1] ?? 0) + 1, replace));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * The known name a mistyped one most likely meant: the nearest by edit distance, when it is within
 * a third of the typed name's length (at least 1 edit, at most 3) and no other is as near; else
 * undefined, and the caller lists the known names instead.
 */
export function closestName(typed: string, known: readonly string[]): string | undefined {
  const limit = Math.min(3, Math.max(1, Math.floor(typed.length / 3)));
  const ranked = known
    .map((name) => ({ name, distance: editDistance(typed, name) }))
    .filter((entry) => entry.distance <= limit)
    .sort((left, right) => left.distance - right.distance);
  const [best, next] = ranked;
  if (!best || (next && next.distance === best.distance)) return undefined;
  return best.name;
}
