import type { VerifyReport } from '../contract/index.js';
import type { RunRecord, RunStore } from '../store/index.js';
import { RunServiceError } from './errors.js';

/**
 * Re-checks a finished run's quotes against its stored archive and, with `live`, against the pages as
 * they are now (with the server's reader rules: its allowed hosts, and errors worded for its
 * operator); keeps the report as the run's last check. `run_not_finished` while it has no result.
 */
export async function verifyStoredRun(options: {
  store: RunStore;
  record: RunRecord;
  live: boolean;
  allowHosts: readonly string[];
}): Promise<VerifyReport> {
  const { record, store } = options;
  if (!record.result) {
    throw new RunServiceError(
      'run_not_finished',
      `Run "${record.id}" is ${record.status} and has no result yet; check its quotes once it has ended.`,
      { runId: record.id },
    );
  }
  // The verifier (the reader's extraction, the archive) loads at the first check, not with the service.
  const { verifyReferences } = await import('../verify/index.js');
  const report = await verifyReferences({
    runId: record.id,
    references: record.result.references,
    warc: await store.archives.get(record.id),
    ...(options.live ? { live: { allowHosts: options.allowHosts, fixedBy: 'operator' as const } } : {}),
  });
  await store.archives.putVerification(report);
  return report;
}

/** The run's archive; `archive_not_found` when it kept none. */
export async function storedArchive(store: RunStore, record: RunRecord): Promise<Uint8Array> {
  const warc = await store.archives.get(record.id);
  if (!warc) {
    throw new RunServiceError(
      'archive_not_found',
      `Run "${record.id}" kept no archive of its pages: it ran with archive off, cited no web page, or has not ended.`,
      { runId: record.id },
    );
  }
  return warc;
}
