import { contextTokensFor } from '../../llm/index.js';
import type { Source } from '../../reader/index.js';
import {
  EXTRACT_MAX_OUTPUT_TOKENS,
  EXTRACTION_TOKENS_LEFT_SHARE,
  MIN_PAGE_EXCERPT_CHARS,
  PAGE_EXCERPT_CHARS,
} from '../constants.js';
import { acceptFindings, type DroppedFinding } from '../evidence/accept-findings.js';
import { outputTokensFor } from '../evidence/evidence-budget.js';
import { excerptPage, excerptText, type PageExcerpt } from '../evidence/page-excerpts.js';
import { subQuestionQueries } from '../plan/plan-record.js';
import { extractionPrompt, extractionSchema, extractionSystem } from '../prompts/extract-prompt.js';
import { softFailure } from '../run/soft-failure.js';
import type { StepContext } from '../run/step-context.js';
import { sourceBlock } from '../text/untrusted.js';
import { type CallEstimate, type CallShape, callEstimate } from '../token-limit.js';

/** Tokens of one page's block markup. */
const PAGE_MARKUP_TOKENS = 40;
/** Share of the extractor's window (after fixed parts and output) that pages may fill. */
const PAGES_CONTEXT_SHARE = 0.85;
/** Output tokens an extraction is expected to give (a few findings with their quotes) until one is seen, not its cap. */
const EXPECTED_OUTPUT_TOKENS = 600;

/** The extractor's call over `blocks` (one per page). */
function extractionCall(run: StepContext['run'], blocks: readonly string[]) {
  return {
    role: 'extractor',
    system: extractionSystem,
    prompt: extractionPrompt(run, blocks),
    schema: extractionSchema,
    expectedOutput: EXPECTED_OUTPUT_TOKENS,
  } satisfies CallShape;
}

/**
 * What an extraction is expected to bill, by `estimate` (the run's, see `callEstimate`): its call
 * without pages, and the markup and text of `pages` pages of `pageTokens` tokens in all. By default
 * the first extraction: one page at the smallest excerpt worth showing, what the supervisor holds for
 * a sub-researcher before any extraction was seen.
 */
export function extractionBill(
  estimate: (call: CallShape) => CallEstimate,
  run: StepContext['run'],
  pages = 1,
  pageTokens = MIN_PAGE_EXCERPT_CHARS / 3,
): number {
  return estimate(extractionCall(run, [])).bills + PAGE_MARKUP_TOKENS * pages + pageTokens;
}

/** Groups of pages for extraction calls, and the characters each page may show. */
function planBatches(context: StepContext, pages: readonly Source[]) {
  const { run } = context;
  const contextTokens = contextTokensFor(run.options, 'extractor');
  const outputTokens = outputTokensFor(contextTokens, EXTRACT_MAX_OUTPUT_TOKENS);
  const estimate = context.estimate ?? callEstimate;
  const fixed = estimate(extractionCall(run, []));
  // A share of what the run may still spend, or what the supervisor holds for this sub-researcher's
  // first finding, which it may spend whole: its pages fill what the call's expected bill leaves of
  // the hold (see `extractionBill`), so a hold sized from an extraction fits one like it.
  const affordable = Math.max(
    context.tokensLeft() * EXTRACTION_TOKENS_LEFT_SHARE,
    (context.held?.() ?? 0) - extractionBill(estimate, run, 0, 0),
  );
  const room = Math.min((contextTokens - fixed.prompt - outputTokens) * PAGES_CONTEXT_SHARE, affordable);
  // estimateTokens counts a token per three bytes: characters × bytes-per-character / 3.
  const roomBytes = Math.max(0, room - PAGE_MARKUP_TOKENS * pages.length) * 3;
  // A page shorter than the smallest excerpt worth showing needs only its own length.
  const longest = Math.max(...pages.map((page) => Buffer.byteLength(page.text, 'utf8')));
  const pageBytes = Math.max(1, Math.min(MIN_PAGE_EXCERPT_CHARS, longest));
  const perCall = Math.max(1, Math.min(pages.length, Math.floor(roomBytes / pageBytes)));
  const batches: Source[][] = [];
  for (let start = 0; start < pages.length; start += perCall)
    batches.push(pages.slice(start, start + perCall));
  const bytesPerPage = roomBytes / Math.min(perCall, pages.length);
  const charsFor = (page: Source) => {
    const bytesPerChar = page.text.length > 0 ? Buffer.byteLength(page.text, 'utf8') / page.text.length : 1;
    return Math.floor(Math.min(PAGE_EXCERPT_CHARS, bytesPerPage / bytesPerChar));
  };
  return { batches, charsFor, outputTokens, roomBytes, pageBytes };
}

function warnDropped(context: StepContext, dropped: readonly DroppedFinding[]): void {
  const missing = dropped.filter((item) => item.reason === 'quote_not_found');
  const unsupported = dropped.filter((item) => item.reason === 'unsupported_claim');
  const malformed = dropped.length - missing.length - unsupported.length;
  if (missing.length > 0) {
    const claims = missing.slice(0, 3).map((item) => `"${item.claim.slice(0, 80)}"`);
    context.emit({
      type: 'warning',
      code: 'quote_not_found',
      message: `Dropped ${missing.length} finding${missing.length === 1 ? '' : 's'} whose quotes are not in the pages read: ${claims.join('; ')}${missing.length > 3 ? '…' : ''}.`,
    });
  }
  if (unsupported.length > 0) {
    const claims = unsupported
      .slice(0, 3)
      .map((item) => `"${item.claim.slice(0, 80)}" (${(item.detail ?? '').slice(0, 200)})`);
    context.emit({
      type: 'warning',
      code: 'unsupported_finding',
      message: `Dropped ${unsupported.length} finding${unsupported.length === 1 ? '' : 's'} whose quotes do not hold what the claim states: ${claims.join('; ')}${unsupported.length > 3 ? '…' : ''}.`,
    });
  }
  if (malformed > 0) {
    context.emit({
      type: 'warning',
      code: 'invalid_finding',
      message: `Dropped ${malformed} malformed finding${malformed === 1 ? '' : 's'} from the extractor.`,
    });
  }
}

/**
 * One extractor call over excerpts of a batch of pages: kept findings are stored and announced,
 * dropped ones warned of. A failed call costs only these pages' findings (see `softFailure`);
 * running out of budget is rethrown, for the loop must stop.
 */
async function extractBatch(
  context: StepContext,
  excerpts: readonly PageExcerpt[],
  outputTokens: number,
): Promise<{ kept: number; dropped: number }> {
  const { run } = context;
  const blocks = excerpts.map((excerpt, position) =>
    sourceBlock({
      id: position + 1,
      url: excerpt.source.url,
      title: excerpt.source.title,
      text: excerptText(excerpt),
    }),
  );
  try {
    const { expectedOutput: _, ...call } = extractionCall(run, blocks);
    const result = await context.llm.generateObject({
      ...call,
      schemaName: 'findings',
      abortSignal: context.signal,
      maxOutputTokens: outputTokens,
    });
    const accepted = acceptFindings({
      question: run.question,
      excerpts,
      items: result.value.findings,
      subQuestions: run.plan.subQuestions,
      firstNumber: Number(run.evidence.findings.nextId().slice(1)),
    });
    for (const item of accepted.findings) {
      const finding = context.subResearcher ? { ...item, subResearcher: context.subResearcher } : item;
      run.evidence.findings.add(finding);
      context.emit({ type: 'finding', finding });
    }
    warnDropped(context, accepted.dropped);
    return { kept: accepted.findings.length, dropped: accepted.dropped.length };
  } catch (error) {
    const pages = `${excerpts.length} page${excerpts.length === 1 ? '' : 's'}`;
    softFailure(context, error, `Extracting findings from ${pages}`, { budget: 'rethrow' });
    return { kept: 0, dropped: 0 };
  }
}

/**
 * Turns the pages one step read into findings: one extractor call over the pages' passages most
 * relevant to the sub-questions (several calls only when the model's window cannot hold them all).
 * Every quote is checked against the stored page at once; kept findings become `finding` events. A
 * failed extraction is a warning (the pages stay as passages); running out of budget, time or model
 * is rethrown for the loop.
 */
export async function extractFindings(context: StepContext, sources: readonly Source[]): Promise<void> {
  const { run } = context;
  const pages = [...new Map(sources.map((source) => [source.url, source])).values()];
  if (pages.length === 0 || run.plan.subQuestions.length === 0) return;
  // A deep-dive sub-question still open reads deeper into each page (see `excerptPage`).
  const queries = subQuestionQueries(run).map((text, position) => {
    const item = run.plan.subQuestions[position];
    return { text, deep: item?.intent === 'deep-dive' && item.status === 'open' };
  });
  const plan = planBatches(context, pages);
  if (plan.roomBytes < plan.pageBytes) {
    // Too little budget or window left to show a page: the pages stay as passages for the writer.
    context.emit({
      type: 'warning',
      code: 'budget_exhausted',
      message: `Not enough tokens left to extract findings from ${pages.length} page${pages.length === 1 ? '' : 's'}; their text stays available as context.`,
    });
    return;
  }
  let kept = 0;
  let dropped = 0;
  for (const batch of plan.batches) {
    const excerpts = batch.map((page) => excerptPage(page, queries, plan.charsFor(page)));
    const counted = await extractBatch(context, excerpts, plan.outputTokens);
    kept += counted.kept;
    dropped += counted.dropped;
  }
  context.emit({
    type: 'observation',
    text: `Extracted ${kept} finding${kept === 1 ? '' : 's'} from ${pages.length} page${pages.length === 1 ? '' : 's'}${dropped > 0 ? ` (${dropped} dropped)` : ''}; ${run.evidence.findings.all.length} in all.`,
  });
}
