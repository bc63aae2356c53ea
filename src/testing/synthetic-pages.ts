import { cooperativeCritique, cooperativeStepAnalysis, cooperativeWriting } from './cooperative-replies.js';
import type { FakePage } from './fake-reader.js';
import { honestEvaluationReply, honestFinalEvaluation } from './honest-evaluator.js';
import { honestVerdicts } from './honest-judge.js';
import type { ScriptedCall } from './scripted-model.js';

/** A topic of the synthetic research world: a sub-question and the words that mark its facts. */
export interface SyntheticTopic {
  subQuestion: string;
  keyword: string;
}

/** The question of the synthetic world and its five sub-questions. */
export const SYNTHETIC_QUESTION = 'What should a city know before subsidising heat pumps?';
export const SYNTHETIC_TOPICS: readonly SyntheticTopic[] = [
  { subQuestion: 'What do heat pumps cost to buy and install?', keyword: 'cost' },
  { subQuestion: 'How efficient are heat pumps in cold weather?', keyword: 'efficiency' },
  { subQuestion: 'How loud are heat pumps for neighbours?', keyword: 'noise' },
  { subQuestion: 'What does installing a heat pump involve?', keyword: 'installation' },
  { subQuestion: 'Which subsidies exist for heat pumps?', keyword: 'subsidy' },
];

const FILLER = [
  'Municipal planning documents often discuss many topics at once, and readers should look for the parts that matter to them.',
  'The history of domestic heating is long, from open fires to stoves, boilers and district heating networks in dense areas.',
  'Local newspapers covered the council meetings where residents asked questions about budgets, timelines and responsibilities.',
  'Surveys of households show a wide range of opinions, and the answers depend on how the questions were phrased.',
  'Engineers and economists do not always agree, which is why reports usually include several scenarios and their assumptions.',
];

/** A fact about a topic, numbered so that every page says something different. */
function fact(topic: SyntheticTopic, page: number, index: number): string {
  const figure = 100 + page * 7 + index;
  return `The ${topic.keyword} figure reported in study ${page}-${index} is ${figure} units for heat pumps, according to the survey of ${figure * 3} homes.`;
}

/**
 * `count` long pages (about `chars` characters each) about the five topics: filler paragraphs with
 * five facts of the page's main topic and two of the next topic buried deep inside, so that the
 * start of a page says nothing relevant. URLs are `https://site<n>.example/heat-pumps`.
 */
export function syntheticPages(count = 30, chars = 15_000): Record<string, FakePage> {
  const pages: Record<string, FakePage> = {};
  for (let page = 1; page <= count; page += 1) {
    const main = SYNTHETIC_TOPICS[page % SYNTHETIC_TOPICS.length] as SyntheticTopic;
    const next = SYNTHETIC_TOPICS[(page + 1) % SYNTHETIC_TOPICS.length] as SyntheticTopic;
    const facts = [0, 1, 2, 3, 4].map((index) => fact(main, page, index));
    facts.push(fact(next, page, 5), fact(next, page, 6));
    const paragraphs: string[] = [];
    let length = 0;
    for (let index = 0; length < chars; index += 1) {
      const filler = `${FILLER[index % FILLER.length]} (Section ${index + 1} of report ${page}.)`;
      // Facts start a third of the way in: a reader that keeps only the opening misses them.
      const withFact = index >= 6 && index % 3 === 0 ? facts.shift() : undefined;
      const paragraph = withFact ? `${filler} ${withFact}` : filler;
      paragraphs.push(paragraph);
      length += paragraph.length + 2;
    }
    pages[`https://site${page}.example/heat-pumps`] = {
      title: `Heat pump report ${page}`,
      text: paragraphs.join('\n\n'),
    };
  }
  return pages;
}

/** Search results for the synthetic world: every page, with a title and a snippet as engines give them. */
export function syntheticResults(pages: Record<string, FakePage>) {
  return Object.entries(pages).map(([url, page]) => ({
    url,
    title: page.title ?? url,
    snippet: (page.text ?? '').slice(0, 200),
  }));
}

/**
 * A competent extractor for the synthetic world: every sentence of a page block that names a
 * topic's keyword becomes a finding of that topic's sub-question, quoted whole (four per page at most).
 */
export function syntheticExtractor(prompt: string) {
  const subQuestions = [...prompt.matchAll(/^- (q\d+) \([^)]*\): (.*)$/gm)].map((match) => ({
    id: match[1] ?? 'q1',
    text: match[2] ?? '',
  }));
  const findings: { source: number; subQuestion: string; claim: string; quotes: string[] }[] = [];
  for (const match of prompt.matchAll(/<source url="[^"]+" id="(\d+)"[^>]*>\n([\s\S]*?)\n<\/source>/g)) {
    const sentences = (match[2] ?? '').match(/The \w+ figure reported[^.]*\./g) ?? [];
    for (const sentence of sentences.slice(0, 4)) {
      const topic = SYNTHETIC_TOPICS.find((item) => sentence.includes(` ${item.keyword} `));
      const subQuestion = subQuestions.find((item) => topic && item.text === topic.subQuestion);
      // A short claim in the extractor's own words, as the prompt asks; the quote is the sentence.
      const [, study, figure] = /study (\S+) is (\d+)/.exec(sentence) ?? [];
      findings.push({
        source: Number(match[1]),
        subQuestion: subQuestion?.id ?? 'q1',
        claim: `Study ${study} puts the ${topic?.keyword ?? 'reported'} figure of heat pumps at ${figure} units.`,
        quotes: [sentence],
      });
    }
  }
  return { findings };
}

/**
 * A scripted model for the synthetic world: plans the five topics, searches once, reads four unread
 * pages a step until every page of `urls` is read, then says it is ready; extracts with `syntheticExtractor`,
 * writes a sentence per finding, judges cited sentences supported and passes every check.
 */
export function syntheticResearcher(urls: readonly string[]): (call: ScriptedCall) => object | string {
  return (call) => {
    if (call.schemaName === 'plan') {
      return {
        think: 'Five topics.',
        trivial: false,
        subQuestions: SYNTHETIC_TOPICS.map((topic) => ({ text: topic.subQuestion, intent: 'explore' })),
      };
    }
    if (call.schemaName === 'next_action') {
      if (!call.prompt.includes('Queries already searched'))
        return {
          think: 'Search.',
          action: {
            type: 'search',
            queries: ['heat pump cost efficiency noise', 'heat pump subsidies installation'],
          },
        };
      const read = call.prompt.split('URLs already read (do not read again): ')[1] ?? '';
      const unread = urls.filter((url) => !read.includes(url));
      return unread.length > 0
        ? { think: 'Read more.', action: { type: 'read', urls: unread.slice(0, 4) } }
        : { think: 'All read.', action: { type: 'ready', reason: 'Every page is read.' } };
    }
    if (call.schemaName === 'findings') return syntheticExtractor(call.prompt);
    if (call.schemaName === 'claim_verdicts') return honestVerdicts(call.prompt);
    if (call.schemaName === 'evaluation_checks')
      return { think: 'Facts.', definitive: true, freshness: false, plurality: false, completeness: false };
    if (call.schemaName === 'evaluation') return honestEvaluationReply(call.prompt);
    if (call.schemaName === 'final_evaluation') return honestFinalEvaluation(call.prompt);
    if (call.schemaName === 'critique') return cooperativeCritique();
    if (call.schemaName === 'step_analysis') return cooperativeStepAnalysis(call.prompt);
    if (
      call.schemaName === 'report_outline' ||
      call.schemaName === 'revisions' ||
      call.schemaName === 'overflow_notes'
    )
      return { title: 'Heat pumps', sections: [], revisions: [], notes: [] };
    return cooperativeWriting(call.system, call.prompt);
  };
}
