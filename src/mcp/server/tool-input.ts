import { z } from 'zod';
import { describeConfigError, expectedOf, valueAt } from '../../config/index.js';
import { ConfigError } from '../../errors.js';

/** A tool's arguments: what the MCP SDK advertises and accepts, and the check the tool makes. */
export interface ToolInput<Shape extends z.ZodRawShape> {
  /**
   * Each argument with its real JSON Schema (type, limits, description; the required ones listed),
   * but accepted as sent: the SDK's own check would word a bad argument as
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
  const advertised = z
    .object(
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
    .meta({ required });
  const schema = z.object(shape);
  return {
    advertised,
    parse(args) {
      const parsed = schema.safeParse(args ?? {}, { error: expectedOf });
      if (parsed.success) return parsed.data;
      const issue = parsed.error.issues[0];
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
