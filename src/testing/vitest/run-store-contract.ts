import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ResearchEvent, ResearchResult, RunMemory } from '../../contract/index.js';
import type { RunStore } from '../../store/index.js';

/** An event of run `runId` at `index`, shaped like the engine's. */
export function sampleEvent(runId: string, index: number): ResearchEvent {
  return {
    runId,
    index,
    at: new Date(1_700_000_000_000 + index).toISOString(),
    step: 1,
    type: 'observation',
    text: `event ${index}`,
  };
}

/** A memory of run `runId`, ended at `createdAt`, belonging to `owner` when given. */
export function sampleMemory(runId: string, createdAt: string, owner?: string): RunMemory {
  return {
    runId,
    question: `question ${runId}`,
    createdAt,
    status: 'completed',
    ...(owner !== undefined ? { owner } : {}),
    subQuestions: [{ text: 'How tall is it?', outcome: 'covered' }],
    findings: [
      {
        claim: 'The tower is 330 metres tall \u0000 <source>',
        quotes: ['The tower is 330 metres tall'],
        url: 'https://example.com/tower',
        title: 'Tower',
        publishedAt: '2026-01-02',
        subQuestion: 'How tall is it?',
      },
    ],
    sources: [{ url: 'https://example.com/tower', title: 'Tower', fetchedAt: createdAt }],
    answer: 'It is 330 metres tall [1].',
    support: { total: 1, supported: 1 },
    scores: { relevance: 9, accuracy: 9, completeness: 8, sourceQuality: 7 },
    conflicts: [],
  };
}

/**
 * The behaviour every `RunStore` must have. Called from each implementation's test file with a
 * factory that makes a fresh, empty store.
 */
export function runStoreContract(name: string, make: () => RunStore | Promise<RunStore>): void {
  describe(`RunStore contract: ${name}`, () => {
    let store: RunStore;
    beforeEach(async () => {
      store = await make();
    });
    afterEach(async () => {
      await store.close();
    });

    const create = (id: string, createdAt = '2026-11-22T08:00:00.000Z') =>
      store.createRun({
        id,
        question: `question ${id}`,
        options: { model: 'openai:gpt-4o-mini' },
        createdAt,
      });

    it('creates a queued run with empty usage and finds it again', async () => {
      const created = await create('a');
      expect(created).toMatchObject({ id: 'a', status: 'queued', eventCount: 0, question: 'question a' });
      expect(created.usage.totalTokens).toBe(0);
      expect(await store.getRun('a')).toEqual(created);
      expect(await store.getRun('missing')).toBeUndefined();
    });

    it('refuses a second run with the same id', async () => {
      await create('a');
      await expect(create('a')).rejects.toMatchObject({ code: 'run_exists' });
    });

    it('updates status, times and result, keeping other fields', async () => {
      await create('a');
      await store.updateRun('a', { status: 'running', startedAt: '2026-11-22T08:00:01.000Z' });
      const usage = { inputTokens: 10, outputTokens: 5, totalTokens: 15, costUsd: null };
      const updated = await store.updateRun('a', {
        status: 'completed',
        usage,
        endedAt: '2026-11-22T08:00:02.000Z',
      });
      expect(updated).toMatchObject({ status: 'completed', startedAt: '2026-11-22T08:00:01.000Z', usage });
      expect((await store.getRun('a'))?.usage.costUsd).toBeNull();
      await expect(store.updateRun('missing', { status: 'failed' })).rejects.toMatchObject({
        code: 'run_not_found',
      });
    });

    it('appends events in index order and lists those after an index', async () => {
      await create('a');
      for (let index = 0; index < 5; index++) await store.appendEvent(sampleEvent('a', index));
      expect((await store.getRun('a'))?.eventCount).toBe(5);
      expect((await store.listEvents('a')).map((event) => event.index)).toEqual([0, 1, 2, 3, 4]);
      expect((await store.listEvents('a', { after: 2 })).map((event) => event.index)).toEqual([3, 4]);
      expect((await store.listEvents('a', { after: 0, limit: 2 })).map((event) => event.index)).toEqual([
        1, 2,
      ]);
      expect(await store.listEvents('a', { after: 4 })).toEqual([]);
      expect((await store.listEvents('a'))[3]).toEqual(sampleEvent('a', 3));
    });

    it('rejects an event whose index leaves a gap or repeats one', async () => {
      await create('a');
      await store.appendEvent(sampleEvent('a', 0));
      await expect(store.appendEvent(sampleEvent('a', 0))).rejects.toMatchObject({
        code: 'event_out_of_order',
      });
      await expect(store.appendEvent(sampleEvent('a', 2))).rejects.toMatchObject({
        code: 'event_out_of_order',
      });
      await expect(store.appendEvent(sampleEvent('missing', 0))).rejects.toMatchObject({
        code: 'run_not_found',
      });
      expect((await store.getRun('a'))?.eventCount).toBe(1);
    });

    it('keeps appends made at once in order, failing only the bad one', async () => {
      await create('a');
      await create('b');
      const results = await Promise.allSettled([
        store.appendEvent(sampleEvent('a', 0)),
        store.appendEvent(sampleEvent('b', 0)),
        store.appendEvent(sampleEvent('a', 1)),
        store.appendEvent(sampleEvent('a', 5)),
        store.appendEvent(sampleEvent('a', 2)),
        store.appendEvent(sampleEvent('missing', 0)),
      ]);
      expect(results.map((result) => result.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
        'rejected',
      ]);
      expect((await store.listEvents('a')).map((event) => event.index)).toEqual([0, 1, 2]);
      expect((await store.getRun('a'))?.eventCount).toBe(3);
      expect((await store.getRun('b'))?.eventCount).toBe(1);
    });

    it("writes many runs' events at once with what they carry, each run in order, failing only the bad write", async () => {
      await create('a');
      await create('b');
      await store.appendEvent(sampleEvent('a', 0));
      const page = (url: string) => ({
        url,
        finalUrl: url,
        title: 'Page',
        contentHash: 'abc',
        fetchedAt: '2026-11-22T08:00:00.000Z',
      });
      const checks = [{ type: 'definitive', pass: true, reason: 'states it' }];
      const outcomes = await store.writeEvents([
        { event: sampleEvent('a', 1), sources: [page('https://a.example/one')] },
        { event: sampleEvent('b', 0) },
        { event: sampleEvent('a', 2), evaluation: { eventIndex: 2, attempt: 1, pass: true, checks } },
        { event: sampleEvent('a', 6), sources: [page('https://a.example/refused')] },
        { event: sampleEvent('a', 9), evaluation: { eventIndex: 9, attempt: 2, pass: false, checks: [] } },
        { event: sampleEvent('a', 3), sources: [page('https://a.example/two')] },
        { event: sampleEvent('missing', 0) },
        { event: sampleEvent('b', 1) },
      ]);
      expect(outcomes.map((outcome) => outcome?.code)).toEqual([
        undefined,
        undefined,
        undefined,
        'event_out_of_order',
        'event_out_of_order',
        undefined,
        'run_not_found',
        undefined,
      ]);
      expect((await store.listEvents('a')).map((event) => event.index)).toEqual([0, 1, 2, 3]);
      expect((await store.listEvents('b')).map((event) => event.index)).toEqual([0, 1]);
      expect((await store.getRun('a'))?.eventCount).toBe(4);
      // A refused event's sources and evaluation are not kept.
      expect((await store.listSources('a')).map((source) => source.url)).toEqual([
        'https://a.example/one',
        'https://a.example/two',
      ]);
      expect(await store.listEvaluations('a')).toEqual([{ eventIndex: 2, attempt: 1, pass: true, checks }]);
      // Appends go on after the written events.
      await store.appendEvent(sampleEvent('a', 4));
      expect(await store.writeEvents([{ event: sampleEvent('a', 5) }])).toEqual([undefined]);
    });

    it("keeps each run's owner and lists one owner's runs", async () => {
      const at = '2026-11-22T08:00:00.000Z';
      await store.createRun({ id: 'mine', question: 'q', options: {}, createdAt: at, owner: 'token:aaa' });
      await store.createRun({ id: 'theirs', question: 'q', options: {}, createdAt: at, owner: 'token:bbb' });
      await store.createRun({ id: 'nobody', question: 'q', options: {}, createdAt: at });
      expect((await store.getRun('mine'))?.owner).toBe('token:aaa');
      expect((await store.getRun('nobody'))?.owner).toBeUndefined();
      const mine = await store.listRuns({ limit: 10, owner: 'token:aaa' });
      expect(mine.runs.map((run) => run.id)).toEqual(['mine']);
      expect((await store.listRuns({ limit: 10 })).runs).toHaveLength(3);
      const page = await store.listRuns({ limit: 1, owner: 'token:bbb' });
      expect(page.runs.map((run) => run.id)).toEqual(['theirs']);
      expect(page.nextCursor).toBeUndefined();
    });

    it('keeps whether the maker of a run saw every run, through updates', async () => {
      const at = '2026-11-22T08:00:00.000Z';
      await store.createRun({
        id: 'admin',
        question: 'q',
        options: {},
        createdAt: at,
        owner: 'token:a',
        seesAll: true,
      });
      await store.createRun({ id: 'user', question: 'q', options: {}, createdAt: at, owner: 'token:b' });
      await store.updateRun('admin', { status: 'running' });
      expect(await store.getRun('admin')).toMatchObject({
        owner: 'token:a',
        seesAll: true,
        status: 'running',
      });
      expect((await store.getRun('user'))?.seesAll).toBeUndefined();
    });

    it('lists runs newest first, by page, filtered by status and creation time', async () => {
      for (let index = 0; index < 5; index++) await create(`r${index}`, `2026-11-22T08:0${index}:00.000Z`);
      await store.updateRun('r1', { status: 'failed' });
      await store.updateRun('r3', { status: 'failed' });
      const first = await store.listRuns({ limit: 2 });
      expect(first.runs.map((run) => run.id)).toEqual(['r4', 'r3']);
      const second = await store.listRuns({ limit: 2, cursor: first.nextCursor });
      expect(second.runs.map((run) => run.id)).toEqual(['r2', 'r1']);
      const third = await store.listRuns({ limit: 2, cursor: second.nextCursor });
      expect(third.runs.map((run) => run.id)).toEqual(['r0']);
      expect(third.nextCursor).toBeUndefined();
      const failed = await store.listRuns({ limit: 10, status: ['failed'] });
      expect(failed.runs.map((run) => run.id)).toEqual(['r3', 'r1']);
      const recent = await store.listRuns({ limit: 10, createdAfter: '2026-11-22T08:03:00.000Z' });
      expect(recent.runs.map((run) => run.id)).toEqual(['r4', 'r3']);
    });

    it('deletes a run with its events, sources and evaluations', async () => {
      await create('a');
      await create('b');
      await store.appendEvent(sampleEvent('a', 0));
      await store.addSource('a', {
        url: 'https://example.com',
        finalUrl: 'https://example.com/',
        title: 'Example',
        contentHash: 'abc',
        fetchedAt: '2026-11-22T08:00:00.000Z',
      });
      await store.addEvaluation('a', { eventIndex: 0, attempt: 1, pass: false, checks: [] });
      expect(await store.deleteRun('a')).toBe(true);
      expect(await store.deleteRun('a')).toBe(false);
      expect(await store.getRun('a')).toBeUndefined();
      expect(await store.listEvents('a')).toEqual([]);
      expect(await store.listSources('a')).toEqual([]);
      expect(await store.listEvaluations('a')).toEqual([]);
      expect(await store.getRun('b')).toBeDefined();
      // The id is free again, with a fresh event log.
      await create('a');
      await store.appendEvent(sampleEvent('a', 0));
    });

    it('keeps each source of a run once and the evaluations in order', async () => {
      await create('a');
      const source = {
        url: 'https://example.com',
        finalUrl: 'https://example.com/',
        title: 'Example',
        contentHash: 'abc',
        fetchedAt: '2026-11-22T08:00:00.000Z',
      };
      await store.addSource('a', source);
      await store.addSource('a', { ...source, title: 'Example again' });
      expect(await store.listSources('a')).toEqual([{ ...source, title: 'Example again' }]);
      const checks = [{ type: 'definitive', pass: false, reason: 'hedges' }];
      await store.addEvaluation('a', { eventIndex: 7, attempt: 1, pass: false, checks });
      await store.addEvaluation('a', { eventIndex: 9, attempt: 2, pass: true, checks: [] });
      expect(await store.listEvaluations('a')).toEqual([
        { eventIndex: 7, attempt: 1, pass: false, checks },
        { eventIndex: 9, attempt: 2, pass: true, checks: [] },
      ]);
    });

    it("keeps a source's images with their alt text as given, and drops them when it is stored again without", async () => {
      await create('a');
      const source = {
        url: 'https://example.com/story',
        finalUrl: 'https://example.com/story',
        title: 'Story',
        contentHash: 'abc',
        fetchedAt: '2026-11-22T08:00:00.000Z',
      };
      const images = [
        {
          url: 'https://example.com/quay.jpg',
          alt: 'The quay at dawn, “photo” – 2 €',
          width: 1200,
          height: 800,
        },
        { url: 'https://cdn.example/crane.png?size=large&v=2', alt: 'A crane ✓ 🏗️' },
      ];
      await store.addSource('a', { ...source, images });
      await store.addSource('a', {
        ...source,
        url: 'https://example.com/other',
        finalUrl: 'https://example.com/other',
      });
      expect(await store.listSources('a')).toEqual([
        { ...source, images },
        { ...source, url: 'https://example.com/other', finalUrl: 'https://example.com/other' },
      ]);
      await store.addSource('a', source);
      expect((await store.listSources('a'))[0]).toEqual(source);
    });

    it("keeps a source's screenshot apart, byte for byte, and a source stored again keeps its place", async () => {
      await create('a');
      const source = (url: string) => ({
        url,
        finalUrl: url,
        title: url,
        contentHash: 'abc',
        fetchedAt: '2026-11-22T08:00:00.000Z',
      });
      const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255, 13, 10]);
      await store.putScreenshot('a', 'https://a.example/', png);
      await store.addSource('a', { ...source('https://a.example/'), screenshot: true });
      await store.addSource('a', source('https://b.example/'));
      await store.addSource('a', { ...source('https://a.example/'), screenshot: true, title: 'again' });
      expect(await store.listSources('a')).toEqual([
        { ...source('https://a.example/'), screenshot: true, title: 'again' },
        source('https://b.example/'),
      ]);
      expect(await store.getScreenshot('a', 'https://a.example/')).toEqual(png);
      expect(await store.getScreenshot('a', 'https://b.example/')).toBeUndefined();
      expect(await store.getScreenshot('missing', 'https://a.example/')).toBeUndefined();
      await expect(store.putScreenshot('missing', 'https://a.example/', png)).rejects.toMatchObject({
        code: 'run_not_found',
      });
      await store.deleteRun('a');
      await create('a');
      expect(await store.getScreenshot('a', 'https://a.example/')).toBeUndefined();
    });

    it('marks queued and running runs interrupted, leaving finished ones alone', async () => {
      await create('queued');
      await create('running');
      await create('done');
      await store.updateRun('running', { status: 'running' });
      await store.updateRun('done', { status: 'completed' });
      expect((await store.markInterrupted()).sort()).toEqual(['queued', 'running']);
      expect((await store.getRun('running'))?.status).toBe('interrupted');
      expect((await store.getRun('queued'))?.status).toBe('interrupted');
      expect((await store.getRun('done'))?.status).toBe('completed');
      expect(await store.markInterrupted()).toEqual([]);
    });

    it('gives back long texts, repeated ones and ones starting with a NUL exactly as stored', async () => {
      const question = `Why ${'is the sky blue '.repeat(1_200)}?`;
      const answer = `Because ${'of Rayleigh scattering '.repeat(800)}.`;
      const odd = ['\u0000q', '\u0000\u0000x', `\u0000${'a'.repeat(64)}`, `\u0000${'b'.repeat(2_000)}`];
      await store.createRun({
        id: 'long',
        question,
        options: { note: answer },
        createdAt: '2026-11-22T08:00:00.000Z',
      });
      const events: ResearchEvent[] = [
        {
          runId: 'long',
          index: 0,
          at: '2026-11-22T08:00:01.000Z',
          step: 0,
          type: 'run-start',
          question,
          options: { model: 'm', search: [], tokenBudget: 1, maxSteps: 1, maxTimeSeconds: 1, report: false },
        },
        {
          runId: 'long',
          index: 1,
          at: '2026-11-22T08:00:02.000Z',
          step: 1,
          type: 'answer-draft',
          attempt: 1,
          answer,
          references: [],
        },
        {
          runId: 'long',
          index: 2,
          at: '2026-11-22T08:00:03.000Z',
          step: 1,
          type: 'observation',
          text: odd.join('|'),
        },
        ...odd.map(
          (text, position): ResearchEvent => ({
            runId: 'long',
            index: 3 + position,
            at: '2026-11-22T08:00:04.000Z',
            step: 1,
            type: 'warning',
            code: 'x',
            message: text,
          }),
        ),
      ];
      for (const event of events) await store.appendEvent(event);
      const result = { question, answer, odd } as unknown as ResearchResult;
      await store.updateRun('long', { status: 'completed', result });
      expect(await store.listEvents('long')).toEqual(events);
      expect(await store.getRun('long')).toMatchObject({ question, options: { note: answer }, result });
      expect((await store.listRuns({ limit: 5 })).runs[0]).toMatchObject({ question, result });
    });

    it('returns copies: changing a returned record does not change the store', async () => {
      const created = await create('a');
      created.status = 'failed';
      created.options.model = 'changed';
      expect(await store.getRun('a')).toMatchObject({
        status: 'queued',
        options: { model: 'openai:gpt-4o-mini' },
      });
    });

    it('keeps one memory per run, newest first, by owner, and hands it back unchanged', async () => {
      await store.memories.save(sampleMemory('old', '2026-11-01T08:00:00.000Z', 'token:a'));
      await store.memories.save(sampleMemory('new', '2026-11-20T08:00:00.000Z', 'token:b'));
      await store.memories.save(sampleMemory('mid', '2026-11-10T08:00:00.000Z'));
      const replaced = { ...sampleMemory('old', '2026-11-01T08:00:00.000Z', 'token:a'), answer: 'Changed.' };
      await store.memories.save(replaced);
      expect(await store.memories.get('old')).toEqual(replaced);
      expect(await store.memories.get('none')).toBeUndefined();
      expect((await store.memories.list({ limit: 10 })).map((memory) => memory.runId)).toEqual([
        'new',
        'mid',
        'old',
      ]);
      expect((await store.memories.list({ limit: 2 })).map((memory) => memory.runId)).toEqual(['new', 'mid']);
      expect(
        (await store.memories.list({ limit: 10, owner: 'token:a' })).map((memory) => memory.runId),
      ).toEqual(['old']);
      expect(await store.memories.list({ limit: 10, owner: 'token:c' })).toEqual([]);
    });

    it("forgets one memory, an owner's memories, or all, and a deleted run's memory", async () => {
      await create('run');
      await store.memories.save(sampleMemory('run', '2026-11-01T08:00:00.000Z'));
      await store.memories.save(sampleMemory('a1', '2026-11-02T08:00:00.000Z', 'token:a'));
      await store.memories.save(sampleMemory('a2', '2026-11-03T08:00:00.000Z', 'token:a'));
      await store.memories.save(sampleMemory('b1', '2026-11-04T08:00:00.000Z', 'token:b'));
      expect(await store.memories.forget('a1')).toBe(true);
      expect(await store.memories.forget('a1')).toBe(false);
      expect(await store.deleteRun('run')).toBe(true);
      expect(await store.memories.get('run')).toBeUndefined();
      expect(await store.memories.forgetAll({ owner: 'token:a' })).toBe(1);
      expect((await store.memories.list({ limit: 10 })).map((memory) => memory.runId)).toEqual(['b1']);
      expect(await store.memories.forgetAll()).toBe(1);
      expect(await store.memories.list({ limit: 10 })).toEqual([]);
    });

    it("keeps a run's archive byte for byte and its last check, replaces both, and deletes them with the run", async () => {
      await create('a');
      await create('b');
      // Every byte value, and a NUL-heavy gzip-like head: what a .warc.gz holds.
      const warc = new Uint8Array([0x1f, 0x8b, 0, 0, ...Array.from({ length: 256 }, (_, index) => index)]);
      expect(await store.archives.has('a')).toBe(false);
      await store.archives.put('a', warc);
      await store.archives.put('b', new Uint8Array([1, 2, 3]));
      expect(await store.archives.has('a')).toBe(true);
      expect(await store.archives.get('a')).toEqual(warc);
      await store.archives.put('a', new Uint8Array([9]));
      expect(await store.archives.get('a')).toEqual(new Uint8Array([9]));
      const report = {
        runId: 'a',
        checkedAt: '2026-12-01T10:00:00.000Z',
        live: true,
        references: [
          { index: 1, url: 'https://example.com/', archived: 'present' as const, live: 'gone' as const },
        ],
      };
      expect(await store.archives.getVerification('a')).toBeUndefined();
      await store.archives.putVerification(report);
      expect(await store.archives.getVerification('a')).toEqual(report);
      await store.archives.putVerification({ ...report, checkedAt: '2026-12-02T10:00:00.000Z', live: false });
      expect((await store.archives.getVerification('a'))?.checkedAt).toBe('2026-12-02T10:00:00.000Z');
      await expect(store.archives.put('none', warc)).rejects.toMatchObject({ code: 'run_not_found' });
      expect(await store.deleteRun('a')).toBe(true);
      expect(await store.archives.get('a')).toBeUndefined();
      expect(await store.archives.has('a')).toBe(false);
      expect(await store.archives.getVerification('a')).toBeUndefined();
      expect(await store.archives.get('b')).toEqual(new Uint8Array([1, 2, 3]));
    });
  });
}
