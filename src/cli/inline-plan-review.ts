import type { PlanDraft, PlanEdit } from '../contract/index.js';
import { ConfigError } from '../errors.js';
import { planFromText, planToText } from './plan-text.js';
import { visibleText } from './visible-text.js';

/** What one typed command did to the plan's text: the new text, or why it changed nothing. */
type CommandOutcome = { text: string } | { error: string };

/** The ids the plan's text holds now, in order (`q1`, `q2`…). */
function idsOf(text: string): string[] {
  return [...text.matchAll(/^(q\d+) /gm)].map((match) => match[1] ?? '');
}

/** How the prompt shows the commands, with ids the plan has (`drop q2` only when there is a q2). */
export function commandHint(text: string): string {
  const ids = idsOf(text);
  const first = ids[0] ?? 'q1';
  const last = ids.at(-1) ?? first;
  return `Enter to research it, or: drop ${last} | edit ${first} new text | add new text > `;
}

/**
 * Applies one typed command to the plan's text: `drop q2`, `edit q1 new text`, `add new text`.
 * An id the plan does not have, a command without its text, or one that would leave the plan
 * unreadable (no sub-question left) changes nothing and says why, naming the command.
 */
export function applyPlanCommand(text: string, command: string, plan: PlanDraft): CommandOutcome {
  const [verb = '', target = '', ...words] = command.split(/\s+/);
  const shown = `"${visibleText(command)}"`;
  const lines = text.split('\n');
  const ids = idsOf(text);
  let next: string;
  if (verb === 'add') {
    if (!target) return { error: `${shown} has no text to add; type "add" and the sub-question.` };
    next = `${text}\n${[target, ...words].join(' ')}`;
  } else if (verb === 'drop' || verb === 'edit') {
    if (!ids.includes(target)) {
      const have = ids.length > 0 ? `it has ${ids.join(', ')}` : 'it has none';
      return {
        error: `${shown} names ${visibleText(target) || 'no sub-question'}, which the plan does not have (${have}).`,
      };
    }
    if (verb === 'edit' && words.length === 0)
      return { error: `${shown} has no new text; type "edit ${target}" and the new text.` };
    next =
      verb === 'drop'
        ? lines.filter((line) => !line.startsWith(`${target} `)).join('\n')
        : lines
            .map((line) => (line.startsWith(`${target} `) ? `${target} ${words.join(' ')}` : line))
            .join('\n');
  } else {
    return { error: `Unknown command ${shown}; use drop, edit or add.` };
  }
  try {
    planFromText(next, plan);
  } catch (error) {
    if (error instanceof ConfigError) return { error: `${shown} changed nothing: ${error.message}` };
    throw error;
  }
  return { text: next };
}

/**
 * Shows the plan and takes edits line by line until Enter: each command is applied or, when it
 * cannot be, named with why and the plan shown again unchanged.
 */
export async function reviewPlanInline(options: {
  ask: (prompt: string) => Promise<string>;
  write: (text: string) => void;
  plan: PlanDraft;
}): Promise<{ subQuestions: PlanEdit[] }> {
  const { ask, write, plan } = options;
  let text = planToText(plan);
  for (;;) {
    const current = planFromText(text, plan);
    write(`\nThe plan:\n${current.map((item) => `  ${item.id ?? '(new)'} ${item.text}`).join('\n')}\n`);
    const command = (await ask(commandHint(text))).trim();
    if (!command) return { subQuestions: current };
    const outcome = applyPlanCommand(text, command, plan);
    if ('error' in outcome) write(`${outcome.error}\n`);
    else text = outcome.text;
  }
}
