import { cooperativeWriting, questionOf, sourceBlocks } from './cooperative-replies.js';
import { cooperativeResearcher, requestParts } from './cooperative-researcher.js';
import type { FakeChatRequest } from './fake-llm-server.js';

/** The text between `<tag>` and `</tag>` in a prompt, if any. */
function section(prompt: string, tag: string): string {
  return new RegExp(`<${tag}[^>]*>\\n([\\s\\S]*?)\\n</${tag}>`).exec(prompt)?.[1] ?? '';
}

/** A doc comment's words: `/** Trims a label. *\/` → `Trims a label.` */
function commentText(line: string): string {
  return line
    .replace(/^\s*(\/\*\*|\/\/+|#+|"""|\*)\s?/, '')
    .replace(/\s*(\*\/|""")\s*$/, '')
    .trim();
}

const isComment = (line: string) => /^\s*(\/\*\*.*\*\/|\/\/|#|""".*""")/.test(line);

/**
 * Findings of code: each one-line doc comment (`/** … *\/`, `//`, `#`, `"""…"""`) becomes a claim in
 * its own words, quoting the comment line and the line of code after it. Up to three per file.
 */
export function codeFindings(prompt: string) {
  const findings = sourceBlocks(prompt).flatMap((block) => {
    const lines = block.text.split('\n');
    return lines
      .flatMap((line, index) => {
        const claim = commentText(line);
        const next = lines
          .slice(index + 1)
          .find((candidate) => candidate.trim())
          ?.trim();
        if (!isComment(line) || claim.length < 20 || !next || isComment(next)) return [];
        return [
          {
            source: block.id,
            subQuestion: 'q1',
            claim: /[.!?]$/.test(claim) ? claim : `${claim}.`,
            quotes: [line.trim(), next],
          },
        ];
      })
      .slice(0, 3);
  });
  return { findings };
}

/** Settings of `codeResearcher`. */
export interface CodeResearcherOptions {
  /** The search_corpus mode it asks for (default hybrid). */
  mode?: 'lexical' | 'semantic' | 'hybrid';
  /** Replaces the findings it extracts (a misbehaving extractor). */
  findings?: (prompt: string) => unknown;
  /** Replaces the answer it writes (a misbehaving writer). */
  answer?: (prompt: string) => string;
}

/**
 * The next action of a model that researches a code question with the corpus tools, each once, in
 * the order a person would: the repository map, a search, the definition of the best hit's symbol,
 * then the definition's lines (or the hit's), its callers, and ready once there are findings.
 */
export function codeAction(prompt: string, mode: CodeResearcherOptions['mode'] = 'hybrid') {
  const results = section(prompt, 'corpus-results');
  const hasFindings = /^- F\d+ /m.test(section(prompt, 'findings'));
  if (!/^read_map /m.test(results))
    return { think: 'Map the repository first.', action: { type: 'read_map' } };
  if (!/^search_corpus /m.test(results)) {
    return {
      think: 'Search for the question.',
      action: { type: 'search_corpus', query: questionOf(prompt), mode },
    };
  }
  const hit = /^- (\S+):(\d+)-(\d+)(?: \[([^\]]+)\])?/m.exec(
    results.slice(results.indexOf('search_corpus ')),
  );
  const symbol = hit?.[4];
  if (symbol && !/^resolve_symbol \S+ \(definition\)/m.test(results)) {
    return {
      think: `Find where ${symbol} is defined.`,
      action: { type: 'resolve_symbol', name: symbol, kind: 'definition' },
    };
  }
  const definition = /^- \S+ \(\w+\) (\S+):(\d+)-(\d+) — /m.exec(results);
  const target = definition ?? hit;
  if (target && !/^read_file /m.test(results)) {
    return {
      think: 'Read the lines.',
      action: {
        type: 'read_file',
        path: target[1],
        // From two lines before, so the definition's doc comment is read too.
        startLine: Math.max(1, Number(target[2]) - 2),
        endLine: Number(target[3]) + 5,
      },
    };
  }
  if (symbol && hasFindings && !/\(callers\)/.test(results)) {
    return {
      think: 'Who calls it?',
      action: { type: 'resolve_symbol', name: symbol.split('.').at(-1), kind: 'callers' },
    };
  }
  return { think: 'The findings answer it.', action: { type: 'ready', reason: 'Findings from the code.' } };
}

/**
 * A fake model for code questions over a corpus (HTTP fake server script): plans one sub-question,
 * uses every corpus tool (see `codeAction`), extracts doc comments as findings quoting the lines,
 * writes a sentence per finding, judges cited sentences supported and passes evaluation.
 */
export function codeResearcher(options: CodeResearcherOptions = {}) {
  return (request: FakeChatRequest): string => {
    const { system, prompt, properties } = requestParts(request);
    if (!properties) return options.answer ? options.answer(prompt) : cooperativeWriting(system, prompt);
    if ('action' in properties) return JSON.stringify(codeAction(prompt, options.mode));
    if ('findings' in properties)
      return JSON.stringify(options.findings ? options.findings(prompt) : codeFindings(prompt));
    // Plan, checks, scores, critique, verdicts, outline: as the cooperative researcher answers them.
    return cooperativeResearcher(request);
  };
}
