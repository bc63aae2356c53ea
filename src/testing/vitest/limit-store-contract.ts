import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LimitStore, TokenBucket } from '../../store/index.js';

/**
 * Two handles on one state: the same object twice in memory, two connections (two nodes) on
 * Postgres. What one takes, the other sees.
 */
export interface LimitNodes {
  nodes: [LimitStore, LimitStore];
  close(): Promise<void>;
}

const bucket = (key: string, capacity: number, perMinute = capacity): TokenBucket => ({
  scope: 'requests',
  key,
  capacity,
  perMinute,
});

/** A start that counts its calls and resolves with `run-<n>` after `delayMs`. */
function starter(delayMs = 0) {
  let calls = 0;
  const start = async () => {
    calls += 1;
    const runId = `run-${calls}`;
    if (delayMs > 0) await sleep(delayMs);
    return runId;
  };
  return { start, calls: () => calls };
}

/** The behaviour every `LimitStore` shares, run against `open()`'s nodes. */
export function runLimitStoreContract(name: string, open: () => Promise<LimitNodes>) {
  describe(`LimitStore contract: ${name}`, () => {
    let opened: LimitNodes | undefined;
    const nodes = async () => {
      opened = await open();
      return opened.nodes;
    };
    afterEach(async () => {
      await opened?.close();
      opened = undefined;
    });

    it('takes tokens up to the capacity, then says how long to wait and takes nothing', async () => {
      const [a] = await nodes();
      const limit = bucket('alice', 2);
      expect(await a.take(limit)).toBe(0);
      expect(await a.take(limit)).toBe(0);
      // Two a minute: the next token is 30 s away (a little less once time has passed).
      const wait = await a.take(limit);
      expect(wait).toBeGreaterThanOrEqual(28);
      expect(wait).toBeLessThanOrEqual(30);
      expect(await a.waitSeconds(limit)).toBe(wait);
      // Another key and another scope have buckets of their own.
      expect(await a.take(bucket('bob', 2))).toBe(0);
      expect(await a.take({ ...limit, scope: 'logins' })).toBe(0);
      expect(await a.waitSeconds(bucket('carol', 2))).toBe(0);
    });

    it('gives a token back, never past the capacity', async () => {
      const [a] = await nodes();
      const limit = bucket('alice', 1);
      await a.give(limit);
      expect(await a.take(limit)).toBe(0);
      expect(await a.take(limit)).toBeGreaterThan(0);
      await a.give(limit);
      expect(await a.take(limit)).toBe(0);
      expect(await a.take(limit)).toBeGreaterThan(0);
    });

    it('refills continuously', async () => {
      const [a] = await nodes();
      // One token every 5 s: the second take comes well within that, however busy the machine.
      const limit = bucket('alice', 1, 12);
      expect(await a.take(limit)).toBe(0);
      expect(await a.take(limit)).toBeGreaterThan(0);
      // Seconds later there is a token again; refused takes in between take nothing.
      await vi.waitFor(async () => expect(await a.take(limit)).toBe(0), { timeout: 30_000, interval: 100 });
    });

    it('lets no more than the capacity through when both nodes take at once', async () => {
      const [a, b] = await nodes();
      const limit = bucket('alice', 20, 1);
      const waits = await Promise.all(
        Array.from({ length: 60 }, (_, index) => (index % 2 === 0 ? a : b).take(limit)),
      );
      expect(waits.filter((wait) => wait === 0)).toHaveLength(20);
      expect(waits.filter((wait) => wait > 0)).toHaveLength(40);
      expect(await b.waitSeconds(limit)).toBeGreaterThan(0);
    });

    it('remembers proven pairs for their time, on every node, and extends them when seen', async () => {
      const [a, b] = await nodes();
      expect(await a.proven('1.2.3.4 token:a', 60_000)).toBe(false);
      await a.prove('1.2.3.4 token:a', 60_000);
      expect(await b.proven('1.2.3.4 token:a', 60_000)).toBe(true);
      expect(await b.proven('1.2.3.5 token:a', 60_000)).toBe(false);
      await a.prove('short', 30);
      await sleep(80);
      expect(await b.proven('short', 60_000)).toBe(false);
      await a.prove('seen', 60_000);
      // Seen again, it stays proven for the new time from now, however short.
      expect(await b.proven('seen', 30)).toBe(true);
      await sleep(80);
      expect(await a.proven('seen', 60_000)).toBe(false);
    });

    it('starts the run of a key once: the same request gets it again, another is a mismatch', async () => {
      const [a, b] = await nodes();
      const run = starter();
      const request = { slot: 'alice\nkey-1', fingerprint: 'f1', windowMs: 60_000, start: run.start };
      expect(await a.startOnce(request)).toEqual({ runId: 'run-1', replayed: false });
      expect(await b.startOnce(request)).toEqual({ runId: 'run-1', replayed: true });
      expect(await b.startOnce({ ...request, fingerprint: 'f2' })).toEqual({ mismatch: true });
      expect(await b.startOnce({ ...request, slot: 'bob\nkey-1' })).toEqual({
        runId: 'run-2',
        replayed: false,
      });
      expect(run.calls()).toBe(2);
    });

    it('frees a key whose start failed, and one whose window ran out', async () => {
      const [a, b] = await nodes();
      const refused = new Error('refused');
      const request = { slot: 'alice\nkey-2', fingerprint: 'f1', windowMs: 60_000 };
      await expect(a.startOnce({ ...request, start: () => Promise.reject(refused) })).rejects.toBe(refused);
      const run = starter();
      expect(await b.startOnce({ ...request, start: run.start })).toEqual({
        runId: 'run-1',
        replayed: false,
      });

      const short = { slot: 'alice\nkey-3', fingerprint: 'f1', windowMs: 30, start: run.start };
      expect(await a.startOnce(short)).toEqual({ runId: 'run-2', replayed: false });
      await sleep(80);
      expect(await b.startOnce({ ...short, fingerprint: 'another' })).toEqual({
        runId: 'run-3',
        replayed: false,
      });
    });

    it('starts one run when both nodes get the same key at once; the others wait for it', async () => {
      const [a, b] = await nodes();
      const run = starter(100);
      const request = { slot: 'alice\nkey-4', fingerprint: 'f1', windowMs: 60_000, start: run.start };
      const outcomes = await Promise.all(
        Array.from({ length: 10 }, (_, index) => (index % 2 === 0 ? a : b).startOnce(request)),
      );
      expect(run.calls()).toBe(1);
      expect(outcomes).toContainEqual({ runId: 'run-1', replayed: false });
      expect(outcomes.filter((outcome) => 'replayed' in outcome && outcome.replayed)).toHaveLength(9);
      expect(new Set(outcomes.map((outcome) => ('runId' in outcome ? outcome.runId : '')))).toEqual(
        new Set(['run-1']),
      );
    });

    it('frees a key whose run was deleted, never one that names another run by now', async () => {
      const [a, b] = await nodes();
      const run = starter();
      const request = { slot: 'alice\nkey-6', fingerprint: 'f1', windowMs: 60_000, start: run.start };
      expect(await a.startOnce(request)).toEqual({ runId: 'run-1', replayed: false });
      await b.forgetRun(request.slot, 'run-other');
      expect(await b.startOnce(request)).toEqual({ runId: 'run-1', replayed: true });
      await b.forgetRun(request.slot, 'run-1');
      expect(await a.startOnce(request)).toEqual({ runId: 'run-2', replayed: false });
    });

    it('notes which run a request started, on every node, until the note runs out or is replaced', async () => {
      const [a, b] = await nodes();
      expect(await a.notedRun('alice\nrequest-1\nf1')).toBeUndefined();
      await a.noteRun('alice\nrequest-1\nf1', 'run-1', 60_000);
      expect(await b.notedRun('alice\nrequest-1\nf1')).toBe('run-1');
      await b.noteRun('alice\nrequest-1\nf1', 'run-2', 60_000);
      expect(await a.notedRun('alice\nrequest-1\nf1')).toBe('run-2');
      await a.noteRun('alice\nrequest-2\nf1', 'run-3', 30);
      await sleep(80);
      expect(await b.notedRun('alice\nrequest-2\nf1')).toBeUndefined();
    });

    it('refuses the same key with another request while its run is still starting', async () => {
      const [a, b] = await nodes();
      const run = starter(200);
      const request = { slot: 'alice\nkey-5', fingerprint: 'f1', windowMs: 60_000, start: run.start };
      const first = a.startOnce(request);
      await vi.waitFor(() => expect(run.calls()).toBe(1), { timeout: 30_000 });
      expect(await b.startOnce({ ...request, fingerprint: 'lying' })).toEqual({ mismatch: true });
      expect(await first).toEqual({ runId: 'run-1', replayed: false });
      expect(run.calls()).toBe(1);
    });
  });
}
