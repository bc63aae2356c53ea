import type { ResearchEvent, ResearchEventOf } from '../../src/contract/index.js';
import { foldRunEvents } from '../../src/contract/index.js';
import type { RunStore } from '../../src/store/index.js';

/**
 * Stores a recorded run (a web fixture's events) as the run service would have: the record, every
 * event, and, once the events end with run-end, its status, usage, metrics and result. Returns its id.
 */
export async function seedRun(store: RunStore, events: readonly ResearchEvent[]): Promise<string> {
  const start = events.find((event): event is ResearchEventOf<'run-start'> => event.type === 'run-start');
  const first = events[0];
  if (!start || !first) throw new Error('A seeded run needs a run-start event.');
  const id = first.runId;
  await store.createRun({
    id,
    question: start.question,
    options: { ...start.options },
    createdAt: first.at,
    status: 'running',
  });
  for (const event of events) await store.appendEvent(event);
  const end = events.at(-1);
  if (end?.type !== 'run-end') return id;
  const { type: _type, runId: _runId, index: _index, at: _at, step: _step, ...result } = end;
  const figures = foldRunEvents(events);
  await store.updateRun(id, {
    status: end.status,
    startedAt: first.at,
    endedAt: end.at,
    usage: end.usage,
    metrics: figures.metrics,
    result: { ...result, runId: id, question: start.question },
  });
  return id;
}
