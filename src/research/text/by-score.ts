/**
 * Positions of the scores above 0, best first, equal scores in position order: what filtering the
 * positions and sorting them by score with a comparator gives (Array sort is stable), without a
 * call per comparison. The scores are sorted as numbers by the typed array's own sort, then each
 * position goes to the next place of its score, positions in order, so ties keep their order.
 * Built for rankings that run once a step or once a run over thousands of passages, mostly before
 * V8 has optimised a comparator.
 */
export function positionsByScore(scores: ArrayLike<number>): Uint32Array {
  let matching = 0;
  for (let position = 0; position < scores.length; position += 1)
    if ((scores[position] ?? 0) > 0) matching += 1;
  const values = new Float64Array(matching);
  let filled = 0;
  for (let position = 0; position < scores.length; position += 1) {
    const score = scores[position] ?? 0;
    if (score > 0) values[filled++] = score;
  }
  values.sort();
  // The first place of each score, best first: the values read from the largest down.
  const places = new Map<number, number>();
  for (let place = 0; place < matching; place += 1) {
    const score = values[matching - 1 - place] ?? 0;
    if (!places.has(score)) places.set(score, place);
  }
  const order = new Uint32Array(matching);
  for (let position = 0; position < scores.length; position += 1) {
    const score = scores[position] ?? 0;
    if (!(score > 0)) continue;
    const place = places.get(score) ?? 0;
    order[place] = position;
    places.set(score, place + 1);
  }
  return order;
}
