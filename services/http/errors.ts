import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { ErrorBody } from '../../contracts/errors.ts';
import { ConcurrencyError } from '../../infra/event-store/port.ts';
import { storageFailure, type WriteHealth } from '../../infra/write-health/port.ts';
import { AppError, preconditionFailed } from '../core/errors.ts';
import { redactUrl } from './request-log.ts';

/** The error body every API answer uses: the contract (contracts/errors.ts). */
export type { ErrorBody };

/** Unknown `/api/*` routes: JSON, never the client's HTML. */
export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ message: 'Not found' } satisfies ErrorBody);
};

/** Errors raised by Express's own middleware (body parsers, static files): `http-errors` objects. */
interface HttpError {
  status: number;
  type?: string;
  expose?: boolean;
  message: string;
}

function isHttpError(error: unknown): error is HttpError {
  return typeof error === 'object' && error !== null && typeof (error as HttpError).status === 'number';
}

const bodyParserMessages: Record<string, [number, string]> = {
  'entity.parse.failed': [400, 'Request body is not valid JSON'],
  'entity.too.large': [413, 'Request body is too large'],
  'entity.verify.failed': [403, 'Request body could not be verified'],
  'encoding.unsupported': [415, 'Unsupported content encoding'],
  'charset.unsupported': [415, 'Unsupported charset'],
  'request.aborted': [400, 'Request aborted'],
  'request.size.invalid': [400, 'Request size did not match Content-Length'],
  'stream.encoding.set': [500, 'Internal server error'],
};

/** The answer to a write the storage refused (a full or failing disk): nothing was saved. */
export const STORAGE_UNAVAILABLE = 'WeeklyDiv cannot save changes right now (its storage is full or failing). Nothing was saved; please try again in a few minutes.';

/**
 * Maps errors to `{ message, errors? }` with the right status:
 * AppError → its status (and headers, e.g. Retry-After); a ConcurrencyError that escaped a handler →
 * 412; body-parser failures → 400 / 413 / 415; other client errors of Express's middleware (a missing
 * static file: 404) → their status; a write the storage refused (disk full, read-only, I/O error:
 * storageFailure) → 503 with Retry-After, told to `writeHealth`, which logs the original error once per
 * incident (no stack per request, security audit S6); anything else → 500 with a generic message, logged
 * with the request id (never sent to the client).
 */
export function errorHandler(logger: Logger, writeHealth?: Pick<WriteHealth, 'writeFailed'>): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    let status = 500;
    let body: ErrorBody = { message: 'Internal server error' };
    if (error instanceof ConcurrencyError) error = preconditionFailed();
    if (error instanceof AppError) {
      status = error.status;
      body = error.fieldErrors ? { message: error.message, errors: error.fieldErrors } : { message: error.message };
      for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
    } else if (isHttpError(error) && error.type !== undefined && bodyParserMessages[error.type]) {
      [status, body.message] = bodyParserMessages[error.type]!;
    } else if (isHttpError(error) && error.status === 404) {
      status = 404;
      body = { message: 'Not found' };
    } else if (isHttpError(error) && error.status >= 400 && error.status < 500) {
      status = error.status;
      body = { message: error.expose ? error.message : 'Bad request' };
    } else if (writeHealth && storageFailure(error) !== null) {
      writeHealth.writeFailed(error);
      res.setHeader('Retry-After', '60');
      res.status(503).json({ message: STORAGE_UNAVAILABLE } satisfies ErrorBody);
      return;
    }
    if (status >= 500) {
      logger.error({ err: error, reqId: req.id, method: req.method, url: redactUrl(req.originalUrl) }, 'request failed');
    }
    res.status(status).json(body);
  };
}
