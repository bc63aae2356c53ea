/**
 * Per-model figures of a real run: a primary model that answers garbage to every structured
 * request (invalid output counts as its failure) gives way to its fallback, cools down, and the
 * run's events say so — the usage events mark the fallback's calls and their durations, a
 * `model_cooldown` warning names the model — so the metrics fold counts them per model.
 */
import { describe, expect, it } from 'vitest';
import { foldRunEvents, type ResearchEvent } from '../contract/index.js';
import { createFakeReader } from '../testing/fake-reader.js';
import { createFakeSearch } from '../testing/fake-search.js';
import {
  cooperativeObject,
  cooperativeText,
  PAGES,
  QUESTION,
  RESULTS,
} from '../testing/research-fixtures.js';
import { createScriptedModel, type ScriptedCall } from '../testing/scripted-model.js';
import { research } from './index.js';

function cooperative() {
  const reply = cooperativeObject();
  return createScriptedModel((call: ScriptedCall) => {
    const fake = {
      role: 'planner' as const,
      kind: 'object' as const,
      system: call.system,
      prompt: call.prompt,
      ...(call.schemaName ? { schemaName: call.schemaName } : {}),
    };
    return call.schemaName ? (reply(fake) as object) : cooperativeText(fake);
  });
}

describe('per-model metrics of a run', () => {
  it('counts the fallback calls, the cooldown and the latency of each model', async () => {
    const events: ResearchEvent[] = [];
    const primary = createScriptedModel('I would rather chat about something else.');
    const backup = cooperative();
    const result = await research(
      { question: QUESTION, model: 'openai:gpt-4o-mini', fallbackModels: ['ollama:llama3.1'] },
      {
        languageModels: { 'openai:gpt-4o-mini': primary, 'ollama:llama3.1': backup },
        env: {},
        searchProviders: [createFakeSearch(RESULTS)],
        reader: createFakeReader(PAGES),
        onEvent: (event) => events.push(event),
      },
    );
    expect(result.status).toBe('completed');
    const cooldowns = events.filter((event) => event.type === 'warning' && event.code === 'model_cooldown');
    expect(cooldowns).toHaveLength(1);
    expect(cooldowns[0]).toMatchObject({ model: 'openai:gpt-4o-mini' });
    const { metrics } = foldRunEvents(events);
    const first = metrics.models['openai:gpt-4o-mini'];
    const second = metrics.models['ollama:llama3.1'];
    expect(first).toMatchObject({ calls: primary.calls.length, fallbacks: 0, cooldowns: 1 });
    expect(second).toMatchObject({ calls: backup.calls.length, cooldowns: 0 });
    // Every call of the backup stood in for the role's own model.
    expect(second?.fallbacks).toBe(backup.calls.length);
    expect(second?.durationsMs).toHaveLength(backup.calls.length);
    expect(second?.durationsMs.every((duration) => duration >= 0)).toBe(true);
    expect((first?.calls ?? 0) + (second?.calls ?? 0)).toBe(metrics.llmCalls);
  });
});
