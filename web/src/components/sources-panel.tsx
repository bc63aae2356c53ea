import { fileCitationLabel, type Reference } from '../../../src/contract/index.js';
import { isLiveHref } from '../../../src/markdown/index.js';
import {
  credibilityLevel,
  entryCredibility,
  groupSources,
  type SourceEntry,
  type SourcesState,
} from '../state/index.js';
import { ShowAllButton, useShowAll } from './show-all.js';

const isFile = (url: string) => url.startsWith('corpus:');

/** The cited lines of a file, as code under their `path:start-end`. */
function FileQuotes({ references }: { references: Reference[] }) {
  return (
    <>
      {references.map((reference) => (
        <figure key={`${reference.findingId ?? ''}${reference.startLine}`} className="file-quote">
          <figcaption>
            <code>{fileCitationLabel(reference)}</code>
            <span className={reference.verified ? 'tag is-ok' : 'tag is-failed'}>
              {reference.verified ? 'verified' : 'not verified'}
            </span>
          </figcaption>
          <pre>
            <code>{reference.quote}</code>
          </pre>
        </figure>
      ))}
    </>
  );
}

const READ_LABELS: Record<SourceEntry['read'], string> = {
  no: '',
  pending: 'reading…',
  ok: 'read',
  failed: 'read failed',
  stopped: 'read stopped',
};

/** The engine's credibility score of a cited page, its kind, and the signals behind it on hover. */
function CredibilityTag({ entry }: { entry: SourceEntry }) {
  const credibility = entryCredibility(entry);
  if (!credibility) return null;
  return (
    <span
      className={`tag credibility-${credibilityLevel(credibility)}`}
      title={credibility.reasons.join(', ')}
    >
      credibility {credibility.score.toFixed(2)} · {credibility.kind}
    </span>
  );
}

/** Where the screenshot of the run's `n`th source is served (the page has the run id and the token). */
type ScreenshotUrl = (sourceNumber: number) => string;

/** The page as the browser saw it when the run read it: a thumbnail that opens the full screenshot. */
function Screenshot({
  entry,
  screenshotUrl,
}: {
  entry: SourceEntry;
  screenshotUrl: ScreenshotUrl | undefined;
}) {
  if (!entry.screenshot || entry.sourceNumber === undefined || !screenshotUrl) return null;
  const url = screenshotUrl(entry.sourceNumber);
  return (
    <a className="source-screenshot" href={url} target="_blank" rel="noopener noreferrer">
      <img src={url} alt={`Screenshot of ${entry.title} as read`} loading="lazy" />
    </a>
  );
}

/** Entries of a list shown before "Show all". */
const SOURCES_SHOWN = 10;

function SourceList({
  title,
  entries,
  empty,
  screenshotUrl,
}: {
  title: string;
  entries: SourceEntry[];
  empty: string;
  screenshotUrl?: ScreenshotUrl | undefined;
}) {
  const list = useShowAll(entries, { limit: SOURCES_SHOWN, keep: 'first' });
  return (
    <section>
      <h3>
        {title} <span className="count">{entries.length}</span>
      </h3>
      {entries.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="sources">
          {list.shown.map((entry) => (
            <li key={entry.url}>
              {isFile(entry.url) ? (
                <code className="file-path">{entry.title}</code>
              ) : isLiveHref(entry.url) ? (
                <a href={entry.url} target="_blank" rel="noopener noreferrer">
                  {entry.title}
                </a>
              ) : (
                // An MCP tool's result (mcp://server/tool?…): no page to open; the address says which call.
                <span title={entry.url}>{entry.title}</span>
              )}
              <span className="muted"> {entry.host}</span>
              {entry.read !== 'no' && (
                <span className={`tag read-${entry.read}`}>{READ_LABELS[entry.read]}</span>
              )}
              {entry.cited && <span className="tag is-cited">cited ×{entry.quotes.length}</span>}
              {entry.cited && <CredibilityTag entry={entry} />}
              <Screenshot entry={entry} screenshotUrl={screenshotUrl} />
              {entry.cited && isFile(entry.url) && <FileQuotes references={entry.quotes} />}
              {entry.findings.length > 0 && (
                <details className="findings">
                  <summary>
                    {entry.findings.length} {entry.findings.length === 1 ? 'finding' : 'findings'}
                  </summary>
                  <ul>
                    {entry.findings.map((finding) => (
                      <li key={finding.id}>
                        <span className="muted">
                          {finding.id} · {finding.subQuestionId}
                          {finding.publishedAt ? ` · ${finding.publishedAt}` : ''}
                        </span>{' '}
                        {finding.claim}
                        {finding.quotes.map((quote) =>
                          quote.location.kind === 'lines' ? (
                            <pre
                              key={`${quote.location.start}-${quote.location.end}`}
                              className="finding-code"
                            >
                              <code>{quote.text}</code>
                            </pre>
                          ) : (
                            <q key={`${quote.location.start}-${quote.location.end}`}>{quote.text}</q>
                          ),
                        )}
                      </li>
                    ))}
                  </ul>
                </details>
              )}
            </li>
          ))}
        </ul>
      )}
      <ShowAllButton
        {...list}
        more={`all ${entries.length} ${title.toLowerCase()}`}
        fewer={`only the first ${SOURCES_SHOWN} ${title.toLowerCase()}`}
      />
    </section>
  );
}

/**
 * What the run found, what it read (with the findings of each page and, with `--browser`, the
 * screenshot of each page read), and what the answer cites.
 */
export function SourcesPanel({
  sources,
  screenshotUrl,
}: {
  sources: SourcesState;
  /** Where a source's screenshot is served; without it none is shown. */
  screenshotUrl?: ScreenshotUrl;
}) {
  const groups = groupSources(sources);
  return (
    <div data-testid="sources">
      <SourceList
        title="Cited"
        entries={groups.cited}
        empty="Nothing cited yet."
        screenshotUrl={screenshotUrl}
      />
      <SourceList
        title="Read"
        entries={groups.read}
        empty="Nothing read yet."
        screenshotUrl={screenshotUrl}
      />
      <SourceList title="Found" entries={groups.found} empty="No search results yet." />
    </div>
  );
}
