export type FieldError = { code: string; message: string };
export type FieldErrors = Record<string, FieldError[]>;

/**
 * An expected failure (unknown offer, bad version, closed draw...): a value with a status and a code,
 * turned into the failure envelope in one place (the error handler).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (code: string, message: string) => new AppError(404, code, message);
