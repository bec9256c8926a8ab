import type { z } from 'zod';
import { AppError, badRequest } from '../core/errors.ts';

/**
 * Parses request data with a zod schema and returns the parsed value; handlers use that value and
 * never look at the raw body again. On failure it throws a 400 AppError with one message per field
 * (`errors: { field: message }`, the first issue of each field) and the first field's message as the
 * top-level `message`, so a toast that shows "400: <body>" reads well.
 *
 * A field the schema does not name (a strict object's unknown key) is reported alone, by name.
 * A field that is missing altogether (or null) gets the generic "Required", whatever the schema's
 * type message says. An absent body counts as `{}` so every required field reports "Required".
 */
export function validate<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const input = data === undefined ? {} : data;
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  // A field the schema does not name comes first: the request is not what the caller thinks it is.
  const unknown = result.error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...issue.path.map(String), key].join('.')) : [],
  );
  if (unknown.length > 0) throw unknownFields(unknown);
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    if (issue.path.length === 0) {
      // The body itself has the wrong shape (an array, a string): no field to blame.
      throw badRequest(issue.code === 'invalid_type' ? 'Request body must be a JSON object' : issue.message);
    }
    const field = issue.path.map(String).join('.');
    if (field in errors) continue;
    const value = valueAt(input, issue.path);
    errors[field] = issue.code === 'invalid_type' && (value === undefined || value === null) ? 'Required' : issue.message;
  }
  throw badRequest(Object.values(errors)[0] ?? 'Invalid request', errors);
}

/** The 400 of request fields a definition does not name (each named, so the caller sees its mistake). */
export function unknownFields(keys: readonly string[]): AppError {
  const message = keys.length === 1 ? `Unknown field: ${keys[0]}` : `Unknown fields: ${keys.join(', ')}`;
  return badRequest(message, Object.fromEntries(keys.map((key) => [key, 'Unknown field'])));
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = data;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
