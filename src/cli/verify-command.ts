import type { ReferenceCheck, VerifyReport } from '../contract/index.js';
import { runFromDatabase, runFromFile } from './verify-sources.js';
import { visibleText } from './visible-text.js';

export interface VerifyCommandOptions {
  /** A result file (`--json --out result.json`), or the id of a run in the database. */
  target: string;
  /** The server's database (`--db`) a run id is looked up in; default its default place. */
  db?: string;
  env: Record<string, string | undefined>;
  live: boolean;
  /** The archive; default the result file's name with `.warc.gz`, beside it. */
  warc?: string;
  json: boolean;
  allowHosts: readonly string[];
  cwd: string;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/** Whether a check found the quote where it looked. */
export function checkHolds(check: ReferenceCheck): boolean {
  if (check.archived === undefined) return true;
  const liveHolds = check.live === undefined || check.live === 'unchanged' || check.live === 'changed_around';
  return check.archived === 'present' && liveHolds;
}

const archivedWords: Record<NonNullable<ReferenceCheck['archived']>, string> = {
  present: 'quote in the archived page',
  missing: 'quote NOT in the archived page',
  not_archived: 'page not archived',
};
const liveWords: Record<NonNullable<ReferenceCheck['live']>, string> = {
  unchanged: 'live page unchanged',
  changed_around: 'live page changed around the quote',
  changed: 'quote NOT in the live page (changed)',
  gone: 'live page gone',
  unreachable: 'live page unreachable',
};

/** The report as lines for a terminal: one per reference, its states and why. */
function reportText(report: VerifyReport): string {
  const lines = report.references.map((check) => {
    const states =
      check.archived === undefined
        ? 'not a web page: nothing to re-check'
        : [archivedWords[check.archived], check.live ? liveWords[check.live] : undefined]
            .filter(Boolean)
            .join(' · ');
    const detail = check.detail ? `\n    ${visibleText(check.detail)}` : '';
    return `[${check.index}] ${checkHolds(check) ? '✓' : '✗'} ${states} — ${visibleText(check.url)}${detail}`;
  });
  const holding = report.references.filter(checkHolds).length;
  lines.push(`${holding} of ${report.references.length} references hold (checked ${report.checkedAt}).`);
  return `${lines.join('\n')}\n`;
}

/**
 * Re-checks a run's cited quotes against its archive (always) and the live pages (`--live`), a run
 * of a result file or of the database (whose report is kept as the run's last check); exit code 0
 * when every quote was found where it was looked for, 1 otherwise.
 */
export async function runVerifyCommand(options: VerifyCommandOptions): Promise<number> {
  const run =
    (await runFromFile(options)) ??
    (await runFromDatabase({ id: options.target, db: options.db, cwd: options.cwd, env: options.env }));
  try {
    const { verifyReferences } = await import('../verify/index.js');
    const report = await verifyReferences({
      runId: run.runId,
      references: run.references,
      warc: run.warc,
      ...(options.live ? { live: { allowHosts: options.allowHosts } } : {}),
    });
    await run.keep(report);
    options.stdout.write(options.json ? `${JSON.stringify(report, null, 2)}\n` : reportText(report));
    return report.references.every(checkHolds) ? 0 : 1;
  } finally {
    await run.close();
  }
}
