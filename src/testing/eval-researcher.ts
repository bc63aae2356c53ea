import { normalizeAnswer } from '../eval/index.js';
import { evidenceFindings } from './cooperative-replies.js';
import { cooperativeResearcher } from './cooperative-researcher.js';
import type { FakeChatRequest } from './fake-llm-server.js';

/** Settings of `evalResearcher`. */
export interface EvalResearcherOptions {
  /** The answer to give for each question text; other questions get the cooperative answer. */
  answers: Record<string, string>;
}

function tagged(text: string, tag: string): string | undefined {
  return new RegExp(`<${tag}>\\n([\\s\\S]*?)\\n</${tag}>`).exec(text)?.[1]?.trim();
}

/**
 * A fake model for evaluation tests: researches like `cooperativeResearcher` (search, read, answer
 * quoting a source, honest judge and evaluator) but answers each question with the text scripted
 * for it, citing the finding that holds it (none when no finding does); and as a judge (a request for `grade`) it grades `correct` when the
 * normalised first paragraph of the prediction contains the normalised gold target, `not_attempted` when the prediction is
 * empty, `incorrect` otherwise.
 */
export function evalResearcher(options: EvalResearcherOptions): (request: FakeChatRequest) => string {
  return (request) => {
    const prompt = (request.messages ?? [])
      .map((message) => (typeof message.content === 'string' ? message.content : ''))
      .join('\n');
    if (asksFor(request, 'grade')) {
      const gold = normalizeAnswer(tagged(prompt, 'gold-target') ?? '');
      // Like a careful grader, it reads the direct answer the writer gives first.
      const predicted = (tagged(prompt, 'predicted-answer') ?? '').split(/\n\s*\n/)[0] ?? '';
      const prediction = normalizeAnswer(predicted === '(empty)' ? '' : predicted);
      const grade = prediction === '' ? 'not_attempted' : prediction.includes(gold) ? 'correct' : 'incorrect';
      return JSON.stringify({
        reasoning: `The prediction ${grade === 'correct' ? 'contains' : 'lacks'} the gold target.`,
        grade,
      });
    }
    const reply = cooperativeResearcher(request);
    const scripted = options.answers[tagged(prompt, 'question') ?? ''];
    if (scripted === undefined) return reply;
    const answer = `${scripted}${citation(prompt, scripted)}`;
    try {
      const value = JSON.parse(reply) as { answer?: unknown; action?: { type?: string; answer?: unknown } };
      if (typeof value.answer === 'string') value.answer = answer;
      if (value.action?.type === 'answer') value.action.answer = answer;
      return JSON.stringify(value);
    } catch {
      // A report (plain text): the scripted answer heads it.
      return `${answer}\n\n${reply}`;
    }
  };
}

/**
 * ` [F3]`: the marker of the first finding of the writer's evidence whose claim holds the scripted
 * answer (compared normalised), as an honest writer cites it; '' when no finding holds it.
 */
function citation(prompt: string, scripted: string): string {
  const wanted = normalizeAnswer(scripted);
  if (wanted === '') return '';
  const finding = evidenceFindings(prompt).find((item) => normalizeAnswer(item.claim).includes(wanted));
  return finding ? ` [${finding.id}]` : '';
}

function asksFor(request: FakeChatRequest, property: string): boolean {
  const format = request.response_format as
    | { json_schema?: { schema?: { properties?: object } } }
    | undefined;
  const tool = request.tools?.[0]?.function.parameters as { properties?: object } | undefined;
  const properties = format?.json_schema?.schema?.properties ?? tool?.properties;
  if (properties) return property in properties;
  // JSON mode without a schema: the schema is described in the prompt instead.
  return (request.messages ?? []).some(
    (message) => typeof message.content === 'string' && message.content.includes(`"${property}"`),
  );
}
