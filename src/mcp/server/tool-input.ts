import { z } from 'zod';
import { describeConfigError, expectedOf, valueAt } from '../../config/index.js';
import { ConfigError } from '../../errors.js';

/** A tool's arguments: what the MCP SDK advertises and accepts, and the check the tool makes. */
export interface ToolInput<Shape extends z.ZodRawShape> {
  /**
   * Each argument with its real JSON Schema (type, limits, description; the required ones listed;
   * no other argument), but accepted as sent: the SDK's own check would word a bad argument as
   * `MCP error -32602: Input validation error: … at count`, not as the rest of DeepResearch does.
   */
  advertised: z.ZodObject<{ [Key in keyof Shape]: z.ZodOptional<z.ZodUnknown> }>;
  /** The arguments checked against the shape; throws a `ConfigError` naming the argument. */
  parse(args: unknown): z.output<z.ZodObject<Shape>>;
}

/** A schema's JSON Schema, without the `$schema` line (it is one property of the tool's). */
function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _schema, ...json } = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  return json;
}

/**
 * The input of tool `tool` from its argument schemas. A bad argument becomes
 * `Invalid value for "count" in the search arguments: must be at most 50, got 500.`: the wording of
 * every other surface, with the argument's name and the value sent.
 */
export function toolInput<Shape extends z.ZodRawShape>(tool: string, shape: Shape): ToolInput<Shape> {
  const keys = Object.keys(shape) as (keyof Shape & string)[];
  const required = keys.filter((key) => !z.safeParse(shape[key] as z.ZodType, undefined).success);
  // Loose at run time so unknown arguments reach `parse`, which names them; advertised as closed.
  const advertised = z
    .looseObject(
      Object.fromEntries(
        keys.map((key) => [
          key,
          z
            .unknown()
            .optional()
            .meta(jsonSchemaOf(shape[key] as z.ZodType)),
        ]),
      ) as { [Key in keyof Shape]: z.ZodOptional<z.ZodUnknown> },
    )
    .meta({ required, additionalProperties: false });
  const schema = z.strictObject(shape);
  return {
    advertised,
    parse(args) {
      const parsed = schema.safeParse(args ?? {}, { error: expectedOf });
      if (parsed.success) return parsed.data;
      const issue = parsed.error.issues[0];
      if (issue?.code === 'unrecognized_keys') throw unknownArgumentError(tool, issue.keys, keys);
      const key = (issue?.path ?? []).join('.') || 'arguments';
      throw argumentError(tool, key, issue?.message ?? 'valid', valueAt(args, issue?.path ?? []));
    },
  };
}

function argumentError(tool: string, key: string, expected: string, received: unknown): ConfigError {
  const details = { problem: 'invalid_value' as const, key, expected, received, param: key };
  return new ConfigError(
    describeConfigError(details, { place: `"${key}" in the ${tool} arguments` }),
    details,
  );
}

/** Arguments that set where the server connects or with which key: the operator's alone. */
const CONNECTION_ARGUMENTS = ['apiKey', 'baseURL', 'searxngUrl', 'allowHosts', 'keyProvider'];

/** An argument the tool does not take, refused rather than ignored: the caller would think it applied. */
function unknownArgumentError(
  tool: string,
  unknown: readonly string[],
  known: readonly string[],
): ConfigError {
  const names = unknown.map((key) => `"${key}"`).join(', ');
  const connection = unknown.some((key) => CONNECTION_ARGUMENTS.includes(key))
    ? " Where the server connects and with which key is set by the server's operator, never by a tool call."
    : '';
  const key = unknown[0] ?? 'arguments';
  return new ConfigError(
    `The ${tool} tool takes no argument ${names}. It takes: ${known.join(', ')}.${connection}`,
    { problem: 'invalid_value', key, param: key, received: unknown.join(', ') },
  );
}
