import { type FieldGroup, type FieldRow, fieldsOf, optionDefault } from '../config/index.js';
import type { CliCommand } from './commands.js';

const pad = (text: string, width = 28) => (text.length >= width ? `${text}  ` : text.padEnd(width));

const SECTIONS: ReadonlyArray<{ group: FieldGroup; title: string }> = [
  { group: 'research', title: 'Research options (flags > environment > config file > defaults)' },
  { group: 'output', title: 'Output options' },
  { group: 'general', title: 'Every command' },
  { group: 'read', title: 'Read options' },
  {
    group: 'corpus',
    title: 'Index and search options (plus --corpus, --embed-model, --embed-base-url above)',
  },
  {
    group: 'eval',
    title: 'Eval options (plus every research option above, for each run; --out DIR, --db PATH)',
  },
  { group: 'mcp', title: 'MCP options (ask and mcp; config file: "mcp": [{ name, command, args }])' },
  { group: 'mcp-server', title: 'deepresearch mcp' },
  { group: 'serve', title: 'Serve options (plus every research option above, as defaults for runs)' },
  { group: 'memory', title: 'deepresearch memory (plus --db PATH, --json)' },
  { group: 'verify', title: 'deepresearch verify (plus --allow-host, --json)' },
];

/** The default validation fills in, as help shows it; nothing for off switches and empty lists. */
export function defaultText(field: FieldRow): string | undefined {
  const value = optionDefault(field.key);
  if (typeof value === 'number' || (typeof value === 'string' && value !== '')) return String(value);
  if (Array.isArray(value) && value.length > 0) return value.join(',');
  return undefined;
}

/** One help line: flag and placeholder, the help, the default from the defaults table, the variable. */
export function helpLine(field: FieldRow): string {
  const name = `${field.short ? `-${field.short}, ` : ''}--${field.flag}${field.value ? ` ${field.value}` : ''}`;
  const fallback = defaultText(field);
  const help =
    fallback === undefined ? field.help : `${field.help.replace(/\.$/, '')} (default: ${fallback}).`;
  const env = field.env ? ` [env ${field.env}]` : '';
  return `  ${pad(name)}${help}${env}`;
}

function section(group: FieldGroup, title: string): string {
  // A field listed under an earlier group (e.g. --allow-host under research) is listed again only
  // where it is the group's own.
  const lines = fieldsOf([group])
    .filter((field) => field.groups[0] === group || group === 'read')
    .map(helpLine);
  return `${title}:\n${lines.join('\n')}`;
}

/** Section titles of one command's help, by the group its options belong to. */
const COMMAND_TITLES: Readonly<Record<FieldGroup, string>> = {
  research: 'Research options (flags > environment > config file > defaults)',
  output: 'Output options',
  general: 'Every command',
  read: 'Read options',
  corpus: 'Index and search options',
  eval: 'Eval options',
  mcp: 'MCP servers the research uses (config file: "mcp": [{ name, command, args }])',
  'mcp-server': 'MCP server options',
  serve: 'Serve options',
  database: "Database (the server's: ask draws on and keeps memories there)",
  memory: 'Memory options',
  verify: 'Verify options',
};

/**
 * `deepresearch <command> --help`: the command's usage, then only the options it takes, its own
 * groups first, each option once under the first of its groups the command takes (from the field
 * table, like `--help`).
 */
export function commandHelpText(version: string, command: CliCommand): string {
  const takes = (group: FieldGroup) => command.groups.includes(group);
  const sections = command.groups.flatMap((group) => {
    const lines = fieldsOf([group])
      .filter((field) => field.groups.find(takes) === group)
      .map((field) => helpLine({ ...field, ...command.flagHelp?.[field.flag] }));
    return lines.length > 0 ? [`${COMMAND_TITLES[group]}:\n${lines.join('\n')}`] : [];
  });
  return `deepresearch ${version}

Usage: deepresearch ${command.usage}${(command.moreUsage ?? []).map((usage) => `\n       deepresearch ${usage}`).join('')}
  ${command.summary}

${sections.join('\n\n')}

"deepresearch --help" lists every command and option.
`;
}

/** `deepresearch --help`: the commands, then every option from the field table. */
export function helpText(version: string, commands: readonly CliCommand[]): string {
  const usage = commands.map((command) => `  ${pad(`deepresearch ${command.usage}`, 41)}${command.summary}`);
  return `deepresearch ${version} — plans, searches, reads and answers with verified citations.

Usage:
${usage.join('\n')}

${SECTIONS.map(({ group, title }) => section(group, title)).join('\n\n')}

Keys are read from the provider's usual variable: OPENAI_API_KEY, ANTHROPIC_API_KEY,
GOOGLE_GENERATIVE_AI_API_KEY, OPENROUTER_API_KEY; search keys: BRAVE_API_KEY, SERPER_API_KEY,
TAVILY_API_KEY, EXA_API_KEY, JINA_API_KEY, FIRECRAWL_API_KEY, GITHUB_TOKEN.

Exit codes: 0 answered (completed or best effort), 1 failed or bad usage, 2 waiting for input with no
terminal to ask on (--clarify, --review-plan: pass --answers, or run in a terminal), 130 interrupted
(Ctrl-C).
`;
}
