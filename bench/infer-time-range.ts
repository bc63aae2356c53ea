/**
 * What the engine's recency inference costs: `inferTimeRange` runs on the question and the
 * sub-question of every search and on every planner prompt, so it must stay far below a model
 * call. Prints the median and worst time of a first reading (a text not seen before) and of a
 * repeated one (its date spans kept) for a short question, a long sub-question and a 2,000-character
 * text (the most it reads), each with the window it chose.
 * Usage: npx tsx bench/infer-time-range.ts
 */
import { inferTimeRange } from '../src/research/sources/recency.js';

const now = new Date();
const filler = 'the tower in Paris was painted again and the lifts were renewed by the operator ';
const texts: Record<string, string> = {
  'short question': 'What is the latest news about the Eiffel Tower this week?',
  'long sub-question': `Which works on the tower ${filler.repeat(2)}were finished yesterday?`,
  '2,000 characters': filler.repeat(30).slice(0, 2_000),
};
const ROUNDS = 200;

/** Median and worst milliseconds of `ROUNDS` calls of `call(round)`. */
function time(call: (round: number) => unknown): string {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    call(round);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  return `median ${median.toFixed(2)} ms, worst ${(times.at(-1) ?? 0).toFixed(2)} ms`;
}

for (const [name, text] of Object.entries(texts)) {
  // A word of letters and digits is no date: each round's text is new to the cache.
  const first = time((round) => inferTimeRange(`${text.slice(0, 1_990)} x${round}`, now));
  const repeated = time(() => inferTimeRange(text, now));
  const window = inferTimeRange(text, now)?.range ?? 'none';
  console.log(
    `${name.padEnd(18)} ${String(text.length).padStart(5)} chars  first: ${first}  repeated: ${repeated}  window ${window}`,
  );
}
