import type { z } from 'zod';

/**
 * A request field the server reads leniently: a `z.unknown().optional()` pipe that accepts what people
 * type (`12.5`, `"12.5"`, `"1,000"`, `"$12.50"`, `true` for 1) and reports the field's own message for
 * anything else (or "Required"). At run time it takes any JSON value, so the messages stay the rule's;
 * its type says what a caller sends (`string | number` by default), and so does the OpenAPI document.
 */
export function lenient<Out, In = string | number>(schema: z.ZodType<Out>, doc: FieldDoc): z.ZodType<Out, In> {
  return schema.meta({ description: doc.description, type: doc.type ?? ['string', 'number'] } as never) as unknown as z.ZodType<Out, In>;
}

/** `lenient`, for a field a caller may leave out (the pipe itself decides what a missing value reads as). */
export function lenientOptional<Out, In = string | number>(schema: z.ZodType<Out>, doc: FieldDoc): OptionalField<Out, In> {
  return lenient(schema, doc) as unknown as OptionalField<Out, In>;
}

/** A field whose key may be left out by the caller while the parsed value is always there. */
export type OptionalField<Out, In> = z.ZodType<Out, In | undefined, z.core.$ZodTypeInternals<Out, In | undefined> & { optin: 'optional' }>;

export interface FieldDoc {
  description: string;
  /** The JSON types accepted (OpenAPI 3.1 `type`); `string` and `number` by default. */
  type?: readonly string[];
}

/** The OpenAPI description of a decimal field read leniently. */
export const decimalDoc = (what: string): FieldDoc => ({ description: `${what}: a decimal as a number or text ("1,000", "$12.50").` });
