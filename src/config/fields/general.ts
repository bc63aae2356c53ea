import { CONFIG_FILE_NAME } from '../constants.js';
import type { FieldGroup, FieldRow } from '../field.js';
import type { OutputSettings } from '../settings.js';

const commandLine = (
  key: keyof OutputSettings,
  group: FieldGroup,
  rest: Omit<FieldRow, 'key' | 'groups' | 'inFile'> & { groups?: FieldRow['groups'] },
): FieldRow => ({ key, groups: [group], inFile: false, ...rest });

/** How ask prints, and the flags every command takes: command line only. */
export const generalFields: readonly FieldRow[] = [
  commandLine('json', 'output', {
    groups: ['output', 'verify'],
    flag: 'json',
    kind: 'boolean',
    help: 'Print one JSON result object on stdout.',
  }),
  commandLine('out', 'output', {
    flag: 'out',
    quick: 'text',
    short: 'o',
    kind: 'string',
    value: 'FILE',
    help: 'Write the answer to FILE instead of stdout, as its ending says: .md, .html, .pdf, .docx or .json.',
  }),
  commandLine('withArchive', 'output', {
    flag: 'with-archive',
    kind: 'boolean',
    help: "Also write the run's archive of cited pages beside --out, as FILE's name with .warc.gz.",
  }),
  commandLine('live', 'verify', {
    flag: 'live',
    kind: 'boolean',
    help: 'Also fetch each cited page as it is now (same address rules as reads) and check the quote there.',
  }),
  commandLine('warc', 'verify', {
    flag: 'warc',
    quick: 'text',
    kind: 'string',
    value: 'FILE',
    help: "The run's archive (default: the result file's name with .warc.gz, beside it).",
  }),
  commandLine('quiet', 'general', {
    flag: 'quiet',
    short: 'q',
    kind: 'boolean',
    help: 'No progress on stderr.',
  }),
  commandLine('verbose', 'general', { flag: 'verbose', kind: 'boolean', help: 'Stack traces on errors.' }),
  commandLine('config', 'general', {
    flag: 'config',
    quick: 'text',
    kind: 'string',
    value: 'FILE',
    help: `Config file (default: ./${CONFIG_FILE_NAME} when present).`,
  }),
  commandLine('help', 'general', { flag: 'help', short: 'h', kind: 'boolean', help: 'This help.' }),
  commandLine('version', 'general', { flag: 'version', short: 'v', kind: 'boolean', help: 'The version.' }),
];
