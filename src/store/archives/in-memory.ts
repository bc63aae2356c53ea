import type { VerifyReport } from '../../contract/index.js';
import type { ArchiveStore } from './archive-store.js';

/** Archives and checks of the in-memory store, with `remove` for its `deleteRun`. */
export function createInMemoryArchives(requireRun: (runId: string) => void): ArchiveStore & {
  remove(runId: string): void;
} {
  const archives = new Map<string, Uint8Array>();
  const verifications = new Map<string, VerifyReport>();
  return {
    async put(runId, warc) {
      requireRun(runId);
      archives.set(runId, new Uint8Array(warc));
    },
    async get(runId) {
      const warc = archives.get(runId);
      return warc ? new Uint8Array(warc) : undefined;
    },
    async has(runId) {
      return archives.has(runId);
    },
    async putVerification(report) {
      requireRun(report.runId);
      verifications.set(report.runId, structuredClone(report));
    },
    async getVerification(runId) {
      const report = verifications.get(runId);
      return report ? structuredClone(report) : undefined;
    },
    remove(runId) {
      archives.delete(runId);
      verifications.delete(runId);
    },
  };
}
