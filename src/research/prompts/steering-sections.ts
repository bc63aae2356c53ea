import type { SubQuestion } from '../../contract/index.js';
import { DIARY_STEPS_PER_PROMPT } from '../constants.js';
import { coverageGap, evidenceMark, uncoveredPerspectives } from '../evidence/coverage.js';
import { openSubQuestions } from '../plan/plan-record.js';
import type { RunRecords } from '../run/run-records.js';
import type { LoopView } from '../run/step-context.js';
import { hostOf } from '../sources/hosts.js';
import { inlineWebText } from '../text/untrusted.js';

/** The planner's last steps: thought, action and what came of it, oldest first. */
export function diarySection(loop: Pick<LoopView, 'diary'>): string {
  const entries = loop.diary.slice(-DIARY_STEPS_PER_PROMPT);
  if (entries.length === 0) return '';
  const lines = entries.map((entry) => {
    // Observations can quote page titles and URLs: they are shown as data, like other web text.
    const seen = entry.observations.map((text) => inlineWebText(text, 400)).join(' / ') || 'nothing observed';
    return `- step ${entry.step}: thought "${inlineWebText(entry.thought, 400)}" → ${entry.kind} ${inlineWebText(entry.action, 400)} → ${seen}`;
  });
  return `<your-last-steps>\n${lines.join('\n')}\n</your-last-steps>`;
}

/** Whether `ready` is refused now: an answer was rejected and no finding came since. */
export function readyGated(run: RunRecords): boolean {
  return run.drafts.evidenceAtLastDraft !== undefined && run.drafts.evidenceAtLastDraft === evidenceMark(run);
}

/** A line telling the planner `ready` is unavailable until new evidence arrives, when it is. */
export function readyGateLine(run: RunRecords): string {
  return readyGated(run)
    ? 'ready is unavailable: the last answer was rejected and no new finding has arrived since. Search or read for what the feedback asks first.'
    : '';
}

/** Reads from one host before a nudge to look elsewhere is given. */
const CLUSTERED_READS = 3;

/** Findings before a nudge about perspectives without any is given: a few first ones are just a start. */
const CLUSTERED_FINDINGS = 3;

/**
 * Coverage by perspective: how many findings each has, and which have none yet (with their
 * sub-questions). Empty with a single perspective, where the sub-question lines say it all.
 */
function perspectiveLines(run: RunRecords): string[] {
  if (run.plan.perspectives.length < 2) return [];
  const bare = new Set(uncoveredPerspectives(run).map((gap) => gap.perspective.id));
  const parts = run.plan.perspectives.map((perspective) => {
    const members = run.plan.subQuestions.filter((item) => item.perspective === perspective.id);
    const findings = members.reduce(
      (sum, item) => sum + run.evidence.findings.forSubQuestion(item.id).length,
      0,
    );
    const ids = members.map((item) => item.id).join(', ');
    return `${inlineWebText(perspective.name)} (${ids}): ${bare.has(perspective.id) ? 'no finding yet' : `${findings} findings`}`;
  });
  return [`Perspectives: ${parts.join('; ')}`];
}

/**
 * One targeted nudge, or nothing: once the first few findings are in while some perspectives
 * still have none, it names those; else, when every page read came from one host while
 * sub-questions stay uncovered, it asks for other sources.
 */
function coverageNudge(run: RunRecords, uncovered: readonly SubQuestion[]): string {
  const bare = uncoveredPerspectives(run);
  if (bare.length > 0 && run.evidence.findings.all.length >= CLUSTERED_FINDINGS) {
    const names = bare.map(
      (gap) =>
        `"${inlineWebText(gap.perspective.name)}" (${gap.uncovered.map((item) => item.id).join(', ')})`,
    );
    return `No finding yet for ${names.join(', ')}: research ${bare.length === 1 ? 'it' : 'them'} next, or close ${bare.length === 1 ? 'its' : 'their'} sub-questions as unanswerable with the reason.`;
  }
  const readHosts = new Set(
    [...run.sources.pages.values()].flatMap((source) => hostOf(source.finalUrl) ?? []),
  );
  const reads = new Set([...run.sources.pages.values()].map((source) => source.url)).size;
  return readHosts.size === 1 && reads >= CLUSTERED_READS && uncovered.length > 0
    ? `Every page read so far is on ${inlineWebText([...readHosts].join(''))}: search other sources for ${uncovered.map((item) => item.id).join(', ')}.`
    : '';
}

/**
 * Coverage as the planner sees it: each open sub-question's findings and hosts, each
 * perspective's findings, and at most one targeted nudge (see `coverageNudge`).
 */
export function coverageSection(run: RunRecords): string {
  const open = openSubQuestions(run.plan);
  if (open.length === 0) return '';
  const lines = open.map((item) => {
    const findings = run.evidence.findings.forSubQuestion(item.id);
    const hosts = new Set(findings.flatMap((finding) => hostOf(finding.source.url) ?? []));
    const gap = coverageGap(run, item);
    return `- ${item.id} (${item.intent}): ${findings.length} findings from ${hosts.size} hosts${gap ? ` — missing: ${inlineWebText(gap)}` : ' — covered'}`;
  });
  const uncovered = open.filter((item) => coverageGap(run, item) !== undefined);
  const nudge = coverageNudge(run, uncovered);
  return `<coverage>\n${[...lines, ...perspectiveLines(run)].join('\n')}${nudge ? `\n${nudge}` : ''}\n</coverage>`;
}
