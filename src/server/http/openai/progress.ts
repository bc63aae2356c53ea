import { FOLLOW_UPS_HEADING, type ResearchEvent } from '../../../contract/index.js';

function clip(text: string, length = 300): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}

/**
 * One event as a line of research progress for `reasoning_content` (undefined for events that
 * show nothing: usage, knowledge, an end without follow-up questions).
 */
export function progressLine(event: ResearchEvent): string | undefined {
  const line = eventLine(event);
  if (!line) return undefined;
  const named = event.subResearcher ? `[${researcherName(event.subResearcher)}] ${line}` : line;
  // A step starts after a blank line.
  return event.type === 'step-start' ? `\n${named}` : named;
}

/** `sub-researcher q2`, or `lead` for the planner's own steps. */
function researcherName(id: string): string {
  return id === 'lead' ? 'lead' : `sub-researcher ${id}`;
}

/** The line of an event, before it is named by its sub-researcher. */
function eventLine(event: ResearchEvent): string | undefined {
  switch (event.type) {
    case 'run-start':
      return `Researching with ${event.options.model} (budget ${event.options.tokenBudget.toLocaleString('en-US')} tokens).\n`;
    case 'plan':
      return `Plan:\n${event.subQuestions.map((question) => `- ${question.text}${perspectiveTag(event, question.perspective)}`).join('\n')}\n`;
    case 'step-start':
      return `Step ${event.step} (${event.tokensUsed.toLocaleString('en-US')}/${event.tokenBudget.toLocaleString('en-US')} tokens)\n`;
    case 'thought':
      return `${clip(event.text)}\n`;
    case 'tool-call':
      return `→ ${event.tool} ${clip(JSON.stringify(event.input), 200)}\n`;
    case 'tool-result':
      return event.ok
        ? `← ${event.summary}\n`
        : `✗ ${event.tool} failed: ${event.error?.message ?? event.summary}\n`;
    case 'observation':
      return `${clip(event.text)}\n`;
    case 'answer-draft':
      return `Drafted an answer (attempt ${event.attempt}).\n`;
    case 'evaluation': {
      const failed = event.checks
        .filter((check) => !check.pass)
        .map((check) => `${check.type}: ${clip(check.reason, 160)}`);
      return event.pass
        ? 'The answer passed evaluation.\n'
        : `The answer was rejected (${failed.join('; ')}).\n`;
    }
    case 'finish-guard':
    case 'warning':
      return `${event.message}\n`;
    case 'run-end':
      // The last note: what to ask next, for a client to offer as the next turn.
      return event.followUps?.length
        ? `\n${FOLLOW_UPS_HEADING}:\n${event.followUps.map((question) => `- ${clip(question)}`).join('\n')}\n`
        : undefined;
    default:
      return undefined;
  }
}

/** ` (History)`: the sub-question's perspective, when the plan has several; else nothing. */
function perspectiveTag(event: Extract<ResearchEvent, { type: 'plan' }>, id: string | undefined): string {
  const perspectives = event.perspectives ?? [];
  const name = perspectives.length > 1 ? perspectives.find((item) => item.id === id)?.name : undefined;
  return name ? ` (${name})` : '';
}
