import { z } from 'zod';

/**
 * The error body of every non-2xx `/api` answer (services/http/errors.ts): a message for the
 * toast and, for a 400 from request validation, the first message of each invalid field.
 */
export const ErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The answer of a command that has nothing to show but a sentence (logout, password reset). */
export const MessageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof MessageAnswer>;
