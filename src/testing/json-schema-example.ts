/** The parts of a JSON Schema that `exampleFromJsonSchema` understands. */
interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  enum?: unknown[];
  const?: unknown;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  default?: unknown;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  minLength?: number;
  format?: string;
}

/**
 * A small value that satisfies a JSON Schema: the first enum value, required properties only, one
 * item per array (or `minItems`). Lets the fake LLM server answer structured requests by itself.
 */
export function exampleFromJsonSchema(schema: unknown, name = 'value'): unknown {
  const node = (schema ?? {}) as SchemaNode;
  if (node.const !== undefined) return node.const;
  if (node.enum && node.enum.length > 0) return node.enum[0];
  if (node.default !== undefined) return node.default;
  const variant = node.anyOf?.[0] ?? node.oneOf?.[0];
  if (variant) return exampleFromJsonSchema(variant, name);
  const type = Array.isArray(node.type) ? node.type.find((entry) => entry !== 'null') : node.type;
  switch (type) {
    case 'object': {
      const required = new Set(node.required ?? []);
      const entries = Object.entries(node.properties ?? {}).filter(([key]) => required.has(key));
      return Object.fromEntries(entries.map(([key, child]) => [key, exampleFromJsonSchema(child, key)]));
    }
    case 'array': {
      const count = Math.min(Math.max(node.minItems ?? 0, 1), node.maxItems ?? Number.POSITIVE_INFINITY);
      return Array.from({ length: count }, () => exampleFromJsonSchema(node.items, name));
    }
    case 'string':
      if (node.format === 'uri' || node.format === 'url') return 'https://example.com/';
      return `fake ${name}`.padEnd(node.minLength ?? 0, '.');
    case 'integer':
    case 'number':
      return node.minimum ?? 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return {};
  }
}
