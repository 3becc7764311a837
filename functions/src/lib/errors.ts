import type { FieldErrors } from '@gm/shared/validation/fields';
import { TEXT } from '@gm/shared/validation/messages';

/** Typed errors a service may throw; the http middleware maps them to status codes in one place. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends HttpError {
  constructor(
    readonly errors: FieldErrors,
    message = 'Die übermittelten Daten sind ungültig.',
  ) {
    super(422, message);
  }

  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] }, message);
  }
}

export class NotFoundError extends HttpError {
  constructor(message: string = TEXT.notFound) {
    super(404, message);
  }
}

export class UnauthenticatedError extends HttpError {
  constructor(message: string = TEXT.unauthenticated) {
    super(401, message);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message: string = TEXT.forbidden) {
    super(403, message);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

export class TooManyRequestsError extends HttpError {
  constructor(message: string = TEXT.tooManyRequests) {
    super(429, message);
  }
}
