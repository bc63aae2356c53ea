import { DeepResearchError, type ErrorKind } from '../errors.js';

/** Why an archive could not be written or read; callers branch on this, never on the message. */
export type ArchiveErrorCode = 'archive_unreadable' | 'archive_library_missing';

const KINDS: Record<ArchiveErrorCode, ErrorKind> = {
  archive_unreadable: 'user',
  archive_library_missing: 'system',
};

/** An archive that is not a WARC file we can read, or the WARC library that is not installed. */
export class ArchiveError extends DeepResearchError {
  override readonly code: ArchiveErrorCode;
  constructor(options: { code: ArchiveErrorCode; message: string; cause?: unknown }) {
    super({ ...options, kind: KINDS[options.code] });
    this.code = options.code;
  }
}
