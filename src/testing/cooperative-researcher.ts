import type { FakeChatRequest } from './fake-llm-server.js';

/**
 * A model that does honest research with whatever it is shown, for end-to-end tests and demos: it
 * plans one sub-question, searches for the question, reads the unread URLs, then answers quoting the
 * first full sentence of a source it was given, and passes every evaluation. It recognises each call
 * by the properties of the JSON schema it was asked for, so it works in JSON mode and tool mode alike.
 */
export function cooperativeResearcher(request: FakeChatRequest): string {
  const properties = schemaProperties(request);
  const prompt = promptText(request);
  const question = questionOf(request);
  if (!properties) return reportFor(question, prompt);
  if ('subQuestions' in properties) {
    return JSON.stringify({
      think: 'One sub-question is enough for this.',
      trivial: false,
      subQuestions: [{ text: question, intent: 'explore' }],
    });
  }
  if ('definitive' in properties) {
    return JSON.stringify({
      think: 'A definitive answer is needed.',
      definitive: true,
      freshness: false,
      plurality: false,
      completeness: false,
    });
  }
  if ('pass' in properties)
    return JSON.stringify({ think: 'The answer is supported.', pass: true, improvement: '' });
  if ('action' in properties) return JSON.stringify(chooseAction(question, prompt));
  if ('answer' in properties) return JSON.stringify(answerFrom(question, prompt));
  // Any other structured call (reflection, summaries): an empty-but-valid object is the safest reply.
  return JSON.stringify({ think: 'Nothing to add.' });
}

/** The research question the prompt carries (`the question` when it carries none). */
export function questionOf(request: FakeChatRequest): string {
  return /<question>\n([\s\S]*?)\n<\/question>/.exec(promptText(request))?.[1]?.trim() ?? 'the question';
}

function chooseAction(question: string, prompt: string) {
  const sources = sourceBlocks(prompt);
  if (sources.length > 0)
    return {
      think: 'The sources answer the question.',
      action: { type: 'answer', ...answerFrom(question, prompt) },
    };
  const unread = /<unread-urls>\n([\s\S]*?)\n<\/unread-urls>/.exec(prompt)?.[1];
  if (unread) {
    const urls = unread
      .split('\n')
      .map((line) => line.replace(/^- /, '').split(' | ')[0]?.trim() ?? '')
      .filter((url) => url.startsWith('http'))
      .slice(0, 2);
    if (urls.length > 0) return { think: 'These pages look relevant.', action: { type: 'read', urls } };
  }
  const searched = /Queries already searched[^:]*: (.*)/.exec(prompt)?.[1] ?? '';
  const query = searched.includes(question) ? `${question} overview` : question;
  return { think: 'Search the web first.', action: { type: 'search', queries: [query] } };
}

function answerFrom(question: string, prompt: string) {
  const source = sourceBlocks(prompt)[0];
  if (!source) return { answer: `I could not find sources about: ${question}`, references: [] };
  const sentence = firstSentence(source.text);
  return {
    answer: `According to the source, ${sentence} [1]`,
    references: [{ url: source.url, quote: sentence }],
  };
}

function reportFor(question: string, prompt: string): string {
  const source = sourceBlocks(prompt)[0];
  const sentence = source ? firstSentence(source.text) : 'No source was read.';
  return [
    `# Report: ${question}`,
    '',
    '## Summary',
    '',
    `${sentence} [1]`,
    '',
    '## Findings',
    '',
    `The sources say: "${sentence}" [1]`,
    '',
    '## Conclusion',
    '',
    'The question is answered by the cited source.',
  ].join('\n');
}

function sourceBlocks(prompt: string): { url: string; text: string }[] {
  const blocks: { url: string; text: string }[] = [];
  for (const match of prompt.matchAll(/<source url="([^"]+)"[^>]*>\n([\s\S]*?)\n<\/source>/g)) {
    blocks.push({ url: (match[1] ?? '').replace(/&amp;/g, '&'), text: match[2] ?? '' });
  }
  return blocks;
}

function firstSentence(text: string): string {
  // Headings and list items stand on their own lines; sentences never span a line break here.
  const sentences = text.split(/\n+/).flatMap((line) => line.match(/[^.!?]+[.!?]/g) ?? []);
  const sentence = sentences.map((item) => item.trim()).find((item) => item.length >= 20) ?? text;
  return sentence.trim();
}

function promptText(request: FakeChatRequest): string {
  return (request.messages ?? [])
    .map((message) =>
      typeof message.content === 'string'
        ? message.content
        : Array.isArray(message.content)
          ? message.content.map((part) => (part as { text?: string }).text ?? '').join('')
          : '',
    )
    .join('\n');
}

function schemaProperties(request: FakeChatRequest): Record<string, unknown> | undefined {
  const format = request.response_format as
    | { json_schema?: { schema?: { properties?: object } } }
    | undefined;
  const fromFormat = format?.json_schema?.schema?.properties;
  if (fromFormat) return fromFormat as Record<string, unknown>;
  const tool = request.tools?.[0]?.function.parameters as { properties?: object } | undefined;
  if (tool?.properties) return tool.properties as Record<string, unknown>;
  if ((request.response_format as { type?: string } | undefined)?.type === 'json_object')
    return { answer: true };
  return undefined;
}
