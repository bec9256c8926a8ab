/**
 * Typed errors thrown by deciders and handlers; the gateway's error handler maps `status` to the
 * HTTP answer `{ message, errors? }`. Anything else is a 500 without internals.
 */
export class AppError extends Error {
  readonly status: number;
  readonly fieldErrors: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;
  constructor(status: number, message: string, options: { fieldErrors?: Record<string, string>; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.fieldErrors = options.fieldErrors;
    this.headers = options.headers;
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string>) => new AppError(400, message, { fieldErrors });
export const unauthorized = (message = 'Not authenticated') => new AppError(401, message);
export const forbidden = (message = 'Forbidden') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const preconditionFailed = (message = 'The data changed while you were editing it. Reload and try again.') =>
  new AppError(412, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, { headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
