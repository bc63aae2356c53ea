import { cooperativeAction } from './cooperative-replies.js';
import { cooperativeResearcher, questionOf, requestParts } from './cooperative-researcher.js';
import { demoCorpusAction, demoCorpusFindings, offersCorpusTools } from './demo-corpus.js';
import { demoClarify, demoCompute, demoFollowUps } from './demo-moves.js';
import type { FakeChatRequest } from './fake-llm-server.js';
import { honestEvaluationReply, honestFinalEvaluation } from './honest-evaluator.js';
import { honestVerdicts } from './honest-judge.js';

/** What the demo answered from: the demo's web pages, files of a folder, or nothing. */
export type DemoSources = 'web' | 'corpus' | 'none';

/**
 * Said at the end of every demo answer (at the start of a report): what of the run is canned. At
 * the end, so the answer's lead paragraph is the answer (`eval` scores the lead).
 */
export function demoNote(question: string, sources: DemoSources = 'web'): string {
  const how = {
    web: 'it answers every question from the same demo pages about a tower',
    corpus: 'it quotes the comments and sentences of the files it reads without understanding them',
    none: 'it found nothing it could quote',
  }[sources];
  const canned =
    sources === 'web'
      ? '; its clarifying question, its computation (the difference between figures in one unit) and its follow-ups are canned too'
      : '';
  // In lower case, with no number and no name beyond the question: the claim checks read a capitalised
  // word as a name and "two" as a figure the sources must hold, and this note cites none.
  return `(demo model: ${how}${canned}, so this is not an answer to "${question}".)`;
}

/** Where the findings a writer prompt shows come from. */
function sourcesOf(prompt: string): DemoSources {
  if (/ — corpus:\/\//.test(prompt)) return 'corpus';
  return / — https?:\/\//.test(prompt) ? 'web' : 'none';
}

/**
 * A report section gets the note only when it is the outline's first, so the disclaimer is said
 * once per report, not in every section.
 */
function isLaterSection(system: string, prompt: string): boolean {
  if (!system.includes('one section of a research report')) return false;
  const first = /^- (.+)$/m.exec(prompt)?.[1];
  const current = /^Write the section: (.+)$/m.exec(prompt)?.[1];
  return first !== undefined && current !== undefined && first.trim() !== current.trim();
}

/** The demo's note at the start of its answers (`demoNote`). */
const DEMO_NOTE = /\(demo model: [\s\S]*?"\.\)\s*/g;

/** An evaluator prompt without the demo's note: the note speaks of the demo, not of the question. */
function withoutDemoNote(prompt: string): string {
  return prompt.replace(DEMO_NOTE, '');
}

/** The honest judge's verdicts, with the demo's own note (it cites nothing) judged not factual. */
function demoVerdicts(prompt: string) {
  const notes = new Set([...prompt.matchAll(/^(\d+)\. \(demo model: /gm)].map((match) => Number(match[1])));
  return {
    verdicts: honestVerdicts(prompt).verdicts.map((verdict) =>
      notes.has(verdict.claim)
        ? { claim: verdict.claim, verdict: 'not_factual' as const, reason: "The demo's note on itself." }
        : verdict,
    ),
  };
}

/** The cooperative researcher's reply, with the corpus tools used like a person would. */
function demoReply(request: FakeChatRequest): string {
  const { prompt, properties } = requestParts(request);
  if (properties && 'action' in properties && offersCorpusTools(properties))
    return JSON.stringify(demoCorpusAction(prompt));
  if (properties && 'findings' in properties && /<source url="corpus:/.test(prompt))
    return JSON.stringify(demoCorpusFindings(prompt));
  if (properties && 'verdicts' in properties) return JSON.stringify(demoVerdicts(prompt));
  if (properties && 'questions' in properties) return JSON.stringify(demoClarify(questionOf(request)));
  if (properties && 'action' in properties) {
    const offersCompute = JSON.stringify(properties.action).includes('"compute"');
    const compute = demoCompute(prompt, offersCompute);
    if (compute) return JSON.stringify(compute);
    // The demo's three pages are read at once, so the run meets the page that disagrees.
    return JSON.stringify(cooperativeAction(prompt, 3));
  }
  if (properties && 'checks' in properties)
    return JSON.stringify(honestEvaluationReply(withoutDemoNote(prompt)));
  if (properties && 'scores' in properties) {
    const shown = withoutDemoNote(prompt);
    return JSON.stringify({ ...honestFinalEvaluation(shown), followUps: demoFollowUps(shown) });
  }
  return cooperativeResearcher(request);
}

/**
 * The model of `npm run demo`: the cooperative researcher (on the web; over a folder's files it
 * maps, searches and reads them), which also asks one canned clarifying question (`demoClarify`),
 * computes once (`demoCompute`) and suggests follow-ups from what it found (`demoFollowUps`). Its
 * answers end (reports start) by saying what is canned and naming the question asked, so nobody
 * mistakes them for research on it.
 */
export function demoModel(request: FakeChatRequest): string {
  const reply = demoReply(request);
  const { system, prompt } = requestParts(request);
  const note = demoNote(questionOf(request), sourcesOf(prompt));
  let parsed: unknown;
  try {
    parsed = JSON.parse(reply);
  } catch {
    // Plain markdown: the note goes first (under the title of a report), once per report.
    if (isLaterSection(system, prompt)) return reply;
    if (!reply.startsWith('# ')) return `${reply}\n\n${note}`;
    const [title, ...rest] = reply.split('\n');
    return [title, '', note, ...rest].join('\n');
  }
  if (typeof parsed !== 'object' || parsed === null) return reply;
  const value = parsed as { answer?: unknown; action?: { type?: string; answer?: unknown } };
  if (typeof value.answer === 'string') value.answer = `${value.answer}\n\n${note}`;
  if (value.action?.type === 'answer' && typeof value.action.answer === 'string') {
    value.action.answer = `${value.action.answer}\n\n${note}`;
  }
  return JSON.stringify(value);
}
