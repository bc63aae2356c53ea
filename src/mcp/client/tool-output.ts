/** A link a tool returned as a `resource_link` content item. */
export interface ToolLink {
  uri: string;
  name: string;
  description?: string;
}

/** What one tool call returned, reduced to what search and read use. */
export interface ToolOutput {
  /** Text of every text item and embedded text resource, joined by blank lines: exactly what the tool said. */
  text: string;
  /** The `structuredContent`, when the tool gave some. */
  structured?: unknown;
  links: ToolLink[];
  isError: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A structured answer as JSON text. A value nested some thousands deep overflows `JSON.stringify`'s
 * stack: the call then fails saying what the tool sent, not "Maximum call stack size exceeded".
 */
function structuredText(structured: unknown): string {
  try {
    return JSON.stringify(structured, null, 2);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new Error(
      'its structured content is nested too deeply to read as JSON; the tool should answer with text or flatter JSON',
    );
  }
}

/** Reduces a `tools/call` result (any protocol version's shape) to a `ToolOutput`. */
export function toToolOutput(result: Record<string, unknown>): ToolOutput {
  const texts: string[] = [];
  const links: ToolLink[] = [];
  const content = Array.isArray(result.content) ? result.content : [];
  for (const item of content) {
    if (!isRecord(item)) continue;
    if (item.type === 'text' && typeof item.text === 'string') texts.push(item.text);
    if (item.type === 'resource' && isRecord(item.resource) && typeof item.resource.text === 'string') {
      texts.push(item.resource.text);
    }
    if (item.type === 'resource_link' && typeof item.uri === 'string') {
      links.push({
        uri: item.uri,
        name: typeof item.name === 'string' ? item.name : item.uri,
        description: typeof item.description === 'string' ? item.description : undefined,
      });
    }
  }
  // Old servers answer `{ toolResult }` instead of content items.
  if (texts.length === 0 && 'toolResult' in result && result.toolResult !== undefined) {
    texts.push(
      typeof result.toolResult === 'string' ? result.toolResult : JSON.stringify(result.toolResult, null, 2),
    );
  }
  const structured = result.structuredContent;
  if (texts.length === 0 && structured !== undefined) texts.push(structuredText(structured));
  return {
    text: texts.join('\n\n'),
    structured,
    links,
    isError: result.isError === true,
  };
}
