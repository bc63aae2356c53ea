/**
 * Replies of a model that researches honestly with whatever it is shown, one function per kind of
 * call the engine makes. The cooperative researcher (HTTP) and the engine tests' fake model both use
 * them, so they follow the engine's prompts in one place.
 */

import { MIN_QUOTE_WORDS } from '../research/index.js';
import { paraphrase } from './paraphrase.js';

/** The text between `<tag>` and `</tag>` in a prompt, if any. */
function section(prompt: string, tag: string): string | undefined {
  return new RegExp(`<${tag}[^>]*>\\n([\\s\\S]*?)\\n</${tag}>`).exec(prompt)?.[1];
}

/** The question of a prompt. */
export function questionOf(prompt: string): string {
  return section(prompt, 'question')?.trim() ?? 'the question';
}

/** Pages of a prompt: `<source url=… id=…>` blocks. */
export function sourceBlocks(prompt: string): { url: string; id: number; text: string }[] {
  const blocks: { url: string; id: number; text: string }[] = [];
  const pattern = /<source url="([^"]+)"(?: id="(\d+)")?[^>]*>\n([\s\S]*?)\n<\/source>/g;
  for (const match of prompt.matchAll(pattern)) {
    blocks.push({
      url: (match[1] ?? '').replace(/&amp;/g, '&'),
      id: Number(match[2] ?? blocks.length + 1),
      text: match[3] ?? '',
    });
  }
  return blocks;
}

/** Sentences of a text, each on one line, at least 20 characters. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.match(/[^.!?]+[.!?]/g) ?? [])
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length >= 20 && !sentence.includes('[…]'));
}

const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);

/** A plan of one sub-question: the question itself. */
export function cooperativePlan(prompt: string) {
  return {
    think: 'One sub-question is enough for this.',
    trivial: false,
    subQuestions: [{ text: questionOf(prompt), intent: 'explore' }],
  };
}

/**
 * Up to three findings per page: its sentences of at least MIN_QUOTE_WORDS words (a shorter quote
 * is a fragment, no evidence), each quoted whole, for the sub-question it shares most words with.
 */
export function cooperativeFindings(prompt: string) {
  const subQuestions = [
    ...(section(prompt, 'sub-questions') ?? '').matchAll(/^- (\S+) \([^)]*\): (.*)$/gm),
  ].map((match) => ({ id: match[1] ?? 'q1', words: words(match[2] ?? '') }));
  const findings = sourceBlocks(prompt).flatMap((block) =>
    sentencesOf(block.text)
      .filter((sentence) => sentence.split(/\s+/).length >= MIN_QUOTE_WORDS)
      .slice(0, 3)
      .map((sentence) => {
        const own = words(sentence);
        const best = [...subQuestions].sort(
          (a, b) =>
            [...b.words].filter((word) => own.has(word)).length -
            [...a.words].filter((word) => own.has(word)).length,
        )[0];
        return { source: block.id, subQuestion: best?.id ?? 'q1', claim: sentence, quotes: [sentence] };
      }),
  );
  return { findings };
}

/** Findings of a writer prompt's `<evidence>`: id and claim. */
export function evidenceFindings(prompt: string): { id: string; claim: string }[] {
  const evidence = section(prompt, 'evidence') ?? '';
  return [...evidence.matchAll(/^\[(F\d+)\](?: \(also [^)]*\))? (.*)$/gm)].map((match) => ({
    id: match[1] ?? '',
    claim: (match[2] ?? '').trim(),
  }));
}

/** Findings of the evidence taken in turn from each sub-question's group, so every one is answered. */
function findingsInTurn(prompt: string): { id: string; claim: string }[] {
  const evidence = section(prompt, 'evidence') ?? '';
  const groups = evidence
    .split(/^## /m)
    .map((group) => evidenceFindings(`<evidence>\n${group}\n</evidence>`));
  const inTurn: { id: string; claim: string }[] = [];
  for (let index = 0; groups.some((group) => index < group.length); index += 1)
    for (const group of groups) {
      const finding = group[index];
      if (finding) inTurn.push(finding);
    }
  return inTurn;
}

/**
 * A sentence per finding (at most eight, a finding of every sub-question first), each citing its
 * finding: the first, third and fifth in other words (`paraphrase`: figures written another way,
 * synonyms, a lead-in), the others as the finding states them, so the claim checks see wording that
 * is not the quote's.
 */
export function cooperativeAnswer(prompt: string): string {
  const findings = findingsInTurn(prompt).slice(0, 8);
  if (findings.length === 0) {
    const question = questionOf(prompt);
    return `The research found nothing about: ${question}${/[.!?]$/.test(question) ? '' : '.'}`;
  }
  return findings
    .map((finding, index) => {
      const claim = finding.claim.replace(/[.!?]+$/, '');
      return `${index % 2 === 0 ? paraphrase(claim) : claim} [${finding.id}].`;
    })
    .join(' ');
}

/** A summary, one section over every finding, and a conclusion. */
export function cooperativeOutline(prompt: string) {
  const ids = [...(section(prompt, 'findings') ?? '').matchAll(/^- (F\d+) /gm)].map(
    (match) => match[1] ?? '',
  );
  return {
    title: `Report: ${questionOf(prompt)}`,
    sections: [
      { heading: 'Summary', subQuestions: [], findings: ids.slice(0, 2), words: 100 },
      { heading: 'Findings', subQuestions: [], findings: ids, words: 300 },
      { heading: 'Conclusion', subQuestions: [], findings: ids.slice(0, 1), words: 100 },
    ],
  };
}

/** The next action: ready once there are findings, else read unread URLs (`reads` at most), else search. */
export function cooperativeAction(prompt: string, reads = 2) {
  const question = questionOf(prompt);
  if (/^- F\d+ /m.test(section(prompt, 'findings') ?? '')) {
    return {
      think: 'The findings answer the question.',
      action: { type: 'ready', reason: 'Findings cover it.' },
    };
  }
  const unread = section(prompt, 'unread-urls');
  const urls = (unread ?? '')
    .split('\n')
    .map((line) => line.replace(/^- /, '').split(' | ')[0]?.trim() ?? '')
    .filter((url) => url.startsWith('http'))
    .slice(0, reads);
  if (urls.length > 0) return { think: 'These pages look relevant.', action: { type: 'read', urls } };
  const searched = /Queries already searched[^:]*: (.*)/.exec(prompt)?.[1] ?? '';
  const query = searched.includes(question) ? `${question} overview` : question;
  return { think: 'Search the web first.', action: { type: 'search', queries: [query] } };
}

/** What a writer's text call asks for: a report section, a direct answer, or the answer. */
export function cooperativeWriting(system: string, prompt: string): string {
  if (system.includes('one section of a research report')) return cooperativeAnswer(prompt);
  if (system.includes('needs no research')) return `A direct answer to: ${questionOf(prompt)}`;
  return cooperativeAnswer(prompt);
}

/**
 * Other search queries for the sub-question a branching prompt names: its words with a word an
 * answer would carry, and with the question's words.
 */
export function cooperativeBranchQueries(prompt: string) {
  const line = section(prompt, 'research-line') ?? '';
  const subQuestion = /^Sub-question \S+: (.*)$/m.exec(line)?.[1]?.trim() ?? questionOf(prompt);
  const bare = subQuestion.replace(/[?.!]+$/, '');
  return { think: 'Other words for it.', queries: [`${bare} facts`, `${questionOf(prompt)} ${bare}`] };
}

/** A critique that finds nothing missing. */
export function cooperativeCritique() {
  return { think: 'The findings cover the question.', gaps: [], weakClaims: [] };
}

/**
 * A step analysis made of what it is shown: the rejection's first reason as what went wrong, and
 * a search for the question's open points as what to change.
 */
export function cooperativeStepAnalysis(prompt: string) {
  const rejection = /<rejection>\n([\s\S]*?)\n<\/rejection>/.exec(prompt)?.[1] ?? '';
  const reason = rejection.split('\n')[0]?.trim() || 'The evaluator rejected the answer.';
  const steps = (prompt.match(/^- step \d+:/gm) ?? []).length;
  return {
    recap: `The research took ${steps} recorded steps, then wrote an answer from its findings.`,
    blame: `The answer was rejected because: ${reason}`,
    improvement: 'Search for sources that settle the rejected points and read them before answering again.',
  };
}
