/**
 * The error envelope of every non-2xx response. The spec leaves its shape "not shown";
 * the sandbox's choice is documented in the README and kept identical everywhere:
 *
 *   { "error": { "code": "E161", "message": "...", "details": [{ "field": "...", "message": "..." }] },
 *     "requestId": "<the caller's X-REQUEST-ID>" }
 */
export interface FieldProblem {
  field: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: FieldProblem[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string, details: FieldProblem[] = []): ApiError =>
  new ApiError(400, 'BAD_REQUEST', message, details);

export const validationFailed = (details: FieldProblem[]): ApiError =>
  new ApiError(
    400,
    'VALIDATION_FAILED',
    details.length === 1 ? details[0]!.message : `${details.length} fields are invalid`,
    details,
  );

export const unauthorized = (message: string): ApiError => new ApiError(401, 'UNAUTHORIZED', message);

export const notFound = (message: string): ApiError => new ApiError(404, 'NOT_FOUND', message);

export function errorBody(error: ApiError, requestId: string | null): Record<string, unknown> {
  const body: Record<string, unknown> = { code: error.code, message: error.message };
  if (error.details.length > 0) body.details = error.details;
  return { error: body, requestId };
}
