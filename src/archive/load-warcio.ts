import { ArchiveError } from './errors.js';

type Warcio = typeof import('warcio');

let loaded: Promise<Warcio> | undefined;

/** The WARC library, loaded on first use (a run that archives nothing never loads it). */
export function loadWarcio(): Promise<Warcio> {
  loaded ??= import('warcio').catch((error: unknown) => {
    loaded = undefined;
    throw new ArchiveError({
      code: 'archive_library_missing',
      cause: error,
      message:
        'The archive needs the warcio package, which is not installed; run `npm install warcio`, or pass --archive off.',
    });
  });
  return loaded;
}
