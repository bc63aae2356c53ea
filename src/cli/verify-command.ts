import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Reference, ReferenceCheck, VerifyReport } from '../contract/index.js';
import { ConfigError } from '../errors.js';
import { archivePathFor } from './archive-path.js';
import { visibleText } from './visible-text.js';

export interface VerifyCommandOptions {
  /** A result file (`--json --out result.json`). */
  target: string;
  live: boolean;
  /** The archive; default the result file's name with `.warc.gz`, beside it. */
  warc?: string;
  json: boolean;
  allowHosts: readonly string[];
  cwd: string;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/** The part of a result file verify reads. */
interface StoredResult {
  runId: string;
  references: Reference[];
}

async function readResult(path: string, given: string): Promise<StoredResult> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new ConfigError(
      `deepresearch verify: cannot read ${given} (${error.code ?? error.message}); give a result file written with --json --out FILE.`,
    );
  });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ConfigError(
      `deepresearch verify: ${given} is not JSON; give a result file written with --json --out FILE.`,
    );
  }
  const result = parsed as Partial<StoredResult>;
  if (typeof result !== 'object' || result === null || !Array.isArray(result.references)) {
    throw new ConfigError(
      `deepresearch verify: ${given} holds no references; give a result file written with --json --out FILE.`,
    );
  }
  return { runId: typeof result.runId === 'string' ? result.runId : '', references: result.references };
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
 * Re-checks a run's cited quotes against its archive (always) and the live pages (`--live`); exit
 * code 0 when every quote was found where it was looked for, 1 otherwise.
 */
export async function runVerifyCommand(options: VerifyCommandOptions): Promise<number> {
  const resultPath = resolve(options.cwd, options.target);
  const result = await readResult(resultPath, options.target);
  const warcPath = options.warc ? resolve(options.cwd, options.warc) : archivePathFor(resultPath);
  const warc = await readFile(warcPath).catch((error: NodeJS.ErrnoException) => {
    if (options.warc !== undefined) {
      throw new ConfigError(
        `deepresearch verify: cannot read --warc ${options.warc} (${error.code ?? error.message}).`,
        {
          key: 'warc',
        },
      );
    }
    options.stderr.write(
      `deepresearch verify: no archive at ${warcPath}; write one with --with-archive when running, or pass --warc FILE. Checking without it.\n`,
    );
    return undefined;
  });
  const { verifyReferences } = await import('../verify/index.js');
  const report = await verifyReferences({
    runId: result.runId,
    references: result.references,
    warc: warc ? new Uint8Array(warc) : undefined,
    ...(options.live ? { live: { allowHosts: options.allowHosts } } : {}),
  });
  options.stdout.write(options.json ? `${JSON.stringify(report, null, 2)}\n` : reportText(report));
  return report.references.every(checkHolds) ? 0 : 1;
}
