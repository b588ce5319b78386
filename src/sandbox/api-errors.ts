// The sandbox's API error body, {error, message, field?} (ApiErrorBodySchema; docs/service-defaults.md).
import type { FastifyReply } from 'fastify';

export type ApiErrorCode =
  | 'invalid_request'
  | 'invalid_page_size'
  | 'invalid_pagination_token'
  | 'pagination_mismatch'
  | 'invalid_token'
  | 'forbidden'
  | 'not_found'
  | 'rate_limited'
  | 'server_error'
  | 'service_unavailable';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function badRequest(message: string, field?: string, code: ApiErrorCode = 'invalid_request'): ApiError {
  return new ApiError(400, code, message, field);
}

export function sendApiError(reply: FastifyReply, err: ApiError): FastifyReply {
  const body: { error: string; message: string; field?: string } = { error: err.code, message: err.message };
  if (err.field) body.field = err.field;
  if (err.status === 401) {
    reply.header('www-authenticate', `Bearer realm="sandbox", error="invalid_token", error_description="${err.message}"`);
  }
  return reply.code(err.status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}
