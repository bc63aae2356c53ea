import { codeAction } from './code-researcher.js';
import { sentencesOf, sourceBlocks } from './cooperative-replies.js';

/**
 * How the demo model researches a folder (`--corpus`): like the code researcher (map, search, the
 * best hit's definition, its lines), and when those lines gave nothing to quote, up to two more hits.
 * It does not understand code: its findings are the comments and sentences of the lines it read.
 */

/** Hits it reads at most. */
const MAX_READS = 3;
/** Findings it takes from one block of lines. */
const FINDINGS_PER_BLOCK = 3;
/** Words of a comment or sentence worth quoting as a finding (shorter quotes support nothing). */
const MIN_CLAIM_WORDS = 5;
/** Characters of the code line after a comment worth quoting with it. */
const MIN_CODE_CHARS = 12;

const wordCount = (text: string) => (text.match(/[\p{L}\p{N}]+/gu) ?? []).length;

/** The text between `<tag>` and `</tag>` in a prompt, if any. */
function section(prompt: string, tag: string): string {
  return new RegExp(`<${tag}[^>]*>\\n([\\s\\S]*?)\\n</${tag}>`).exec(prompt)?.[1] ?? '';
}

/** Whether an action schema offers the corpus tools (`search_corpus` among its types). */
export function offersCorpusTools(properties: Record<string, unknown>): boolean {
  return JSON.stringify(properties.action ?? '').includes('search_corpus');
}

/** The next corpus action: the code researcher's, then unread hits while nothing was found. */
export function demoCorpusAction(prompt: string) {
  const action = codeAction(prompt, 'hybrid');
  if (action.action.type !== 'ready' || /^- F\d+ /m.test(section(prompt, 'findings'))) return action;
  const results = section(prompt, 'corpus-results');
  const read = /^Files already read[^:]*: (.*)$/m.exec(prompt)?.[1]?.split(' ') ?? [];
  const readPaths = new Set(read.map((range) => range.replace(/:\d+-\d+$/, '')));
  if (readPaths.size >= MAX_READS) return action;
  const hits = [...results.matchAll(/^- (\S+):(\d+)-(\d+)/gm)];
  const unread = hits.find((hit) => !readPaths.has(hit[1] ?? ''));
  if (!unread) return action;
  return {
    think: 'Nothing quotable yet; read the next hit.',
    action: {
      type: 'read_file',
      path: unread[1],
      startLine: Number(unread[2]),
      endLine: Number(unread[3]),
    },
  };
}

/** The words of a comment line (`// x`, `# x`, `/** x *\/`, `* x`, `"""x"""`), or undefined. */
function commentWords(line: string): string | undefined {
  const match = /^\s*(?:\/\*\*?|\/\/+|#+|\*|"""|''')\s?(.*?)\s*(?:\*\/|"""|''')?\s*$/.exec(line);
  if (!match || /^\s*#\s*(include|define|if|endif|pragma)\b/.test(line)) return undefined;
  const words = match[1] ?? '';
  return /[\p{L}]{3,}/u.test(words) ? words : undefined;
}

const asSentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** Findings of lines of a file: its comments (the line after a comment quoted too), else its sentences. */
function blockFindings(block: { id: number; text: string }) {
  const lines = block.text.split('\n');
  const fromComments = lines.flatMap((line, index) => {
    const words = commentWords(line);
    if (!words || wordCount(words) < MIN_CLAIM_WORDS) return [];
    const next = lines[index + 1]?.trim();
    const withCode = next !== undefined && next.length >= MIN_CODE_CHARS && !commentWords(next);
    const quotes = withCode ? [line.trim(), next] : [line.trim()];
    return [{ source: block.id, subQuestion: 'q1', claim: asSentence(words), quotes }];
  });
  if (fromComments.length > 0) return fromComments.slice(0, FINDINGS_PER_BLOCK);
  return sentencesOf(block.text)
    .filter((sentence) => wordCount(sentence) >= MIN_CLAIM_WORDS && !/[{};=]/.test(sentence))
    .slice(0, FINDINGS_PER_BLOCK)
    .map((sentence) => ({ source: block.id, subQuestion: 'q1', claim: sentence, quotes: [sentence] }));
}

/** Findings of the files read, from their comments or sentences (see `blockFindings`). */
export function demoCorpusFindings(prompt: string) {
  return { findings: sourceBlocks(prompt).flatMap(blockFindings) };
}
