import { describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../contract/index.js';
import { createFakeReader } from '../testing/fake-reader.js';
import { createFakeSearch } from '../testing/fake-search.js';
import {
  cooperativeObject,
  cooperativeText,
  PAGES,
  QUESTION,
  RESULTS,
} from '../testing/research-fixtures.js';
import { authenticationError, createScriptedModel, type ScriptedCall } from '../testing/scripted-model.js';
import { research } from './index.js';

/** The cooperative replies, keyed by the schema name the model layer sends as response format. */
function scripted() {
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

describe('default wiring', () => {
  it('builds the model layer from languageModels and reports every call as a usage event', async () => {
    const events: ResearchEvent[] = [];
    const model = scripted();
    const result = await research(
      { question: QUESTION },
      {
        languageModels: { 'openai:gpt-4o-mini': model },
        env: {},
        searchProviders: [createFakeSearch(RESULTS)],
        reader: createFakeReader(PAGES),
        onEvent: (event) => events.push(event),
      },
    );
    expect(result.status).toBe('completed');
    expect(result.references[0]?.verified).toBe(true);
    const usage = events.filter((event) => event.type === 'usage');
    expect(usage).toHaveLength(model.calls.length);
    expect(result.llmCalls).toBe(model.calls.length);
    expect(new Set(usage.map((event) => (event.type === 'usage' ? event.role : '')))).toEqual(
      new Set(['planner', 'extractor', 'writer', 'evaluator']),
    );
    expect(result.usage.totalTokens).toBeGreaterThan(0);
  });

  it('ends at once with status failed when the provider rejects the key', async () => {
    const events: ResearchEvent[] = [];
    const model = createScriptedModel(authenticationError());
    const result = await research(
      { question: QUESTION },
      {
        languageModels: { 'openai:gpt-4o-mini': model },
        env: {},
        searchProviders: [createFakeSearch(RESULTS)],
        reader: createFakeReader(PAGES),
        onEvent: (event) => events.push(event),
      },
    );
    expect(result).toMatchObject({ status: 'failed', stopReason: 'authentication' });
    expect(model.calls).toHaveLength(1);
    expect(events.map((event) => event.type).slice(-2)).toEqual(['run-error', 'run-end']);
  });

  it('fails at once, without a model call, when a search provider lacks its key', async () => {
    const model = scripted();
    const result = await research(
      { question: QUESTION, search: ['wikipedia', 'brave'] },
      { languageModels: { 'openai:gpt-4o-mini': model }, env: {}, reader: createFakeReader(PAGES) },
    );
    expect(result).toMatchObject({ status: 'failed', stopReason: 'error' });
    expect(result.error?.message).toMatch(/BRAVE_API_KEY is not set/);
    expect(model.calls).toHaveLength(0);
  });
});
