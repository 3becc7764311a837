import type { FormObject, FormValue } from './form-encoding.ts';

/**
 * Stripe-shaped errors and the parameter readers every endpoint of the stand-in uses. Stripe
 * answers `{ error: { type, code, decline_code, message, param } }`; the SDK turns the status code
 * into its error classes (400/404 invalid request, 402 card error, 401 authentication …).
 */
export type StripeErrorBody = {
  type: 'card_error' | 'invalid_request_error' | 'api_error' | 'idempotency_error';
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: unknown;
  payment_method?: unknown;
  request_log_url?: string;
};

export class StripeApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
    this.name = 'StripeApiError';
  }
}

export function invalidRequest(message: string, extra: Partial<StripeErrorBody> = {}): StripeApiError {
  return new StripeApiError(400, { type: 'invalid_request_error', message, ...extra });
}

export function resourceMissing(kind: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${id}'`,
  });
}

export function missingParam(param: string): StripeApiError {
  return invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
}

export function unexpectedState(message: string): StripeApiError {
  return invalidRequest(message, { code: 'payment_intent_unexpected_state' });
}

/** Typed reads of a parsed form body, with Stripe's messages for wrong input. */
export class Params {
  constructor(
    readonly raw: FormObject,
    private readonly prefix = '',
  ) {}

  private name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  /** Refuses parameters the endpoint does not know, as Stripe does ("Received unknown parameter"). */
  allowOnly(keys: readonly string[]): this {
    for (const key of Object.keys(this.raw)) {
      if (!keys.includes(key))
        throw invalidRequest(`Received unknown parameter: ${this.name(key)}`, {
          code: 'parameter_unknown',
          param: this.name(key),
        });
    }
    return this;
  }

  has(key: string): boolean {
    return this.raw[key] !== undefined;
  }

  str(key: string): string | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string')
      throw invalidRequest(`Invalid string: ${this.name(key)}`, {
        code: 'parameter_invalid_string',
        param: this.name(key),
      });
    return value;
  }

  requiredStr(key: string): string {
    const value = this.str(key);
    if (value === undefined || value === '') throw missingParam(this.name(key));
    return value;
  }

  oneOf<T extends string>(key: string, allowed: readonly T[]): T | undefined {
    const value = this.str(key);
    if (value === undefined || value === '') return undefined;
    if (!(allowed as readonly string[]).includes(value)) {
      throw invalidRequest(`Invalid ${this.name(key)}: must be one of ${allowed.join(', ')}`, {
        code: 'parameter_invalid_empty',
        param: this.name(key),
      });
    }
    return value as T;
  }

  int(key: string): number | undefined {
    const value = this.str(key);
    if (value === undefined || value === '') return undefined;
    if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
      throw invalidRequest(`Invalid integer: ${value}`, { code: 'parameter_invalid_integer', param: this.name(key) });
    }
    return Number(value);
  }

  requiredInt(key: string): number {
    const value = this.int(key);
    if (value === undefined) throw missingParam(this.name(key));
    return value;
  }

  bool(key: string): boolean | undefined {
    const value = this.str(key);
    if (value === undefined || value === '') return undefined;
    if (value !== 'true' && value !== 'false')
      throw invalidRequest(`Invalid boolean: ${value}`, { param: this.name(key) });
    return value === 'true';
  }

  /** A nested hash; an empty string clears it (`metadata=`), as in Stripe. */
  hash(key: string): Params | undefined {
    const value = this.raw[key];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'object' || Array.isArray(value))
      throw invalidRequest(`Invalid object: ${this.name(key)}`, {
        code: 'parameter_invalid_empty',
        param: this.name(key),
      });
    return new Params(value, this.name(key));
  }

  list(key: string): string[] | undefined {
    const value: FormValue | undefined = this.raw[key];
    if (value === undefined) return undefined;
    if (value === '') return [];
    if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
      throw invalidRequest(`Invalid array: ${this.name(key)}`, { param: this.name(key) });
    return value as string[];
  }

  /** `metadata`: string values only; on update an empty value removes a key and `metadata=` clears all. */
  metadata(current: Record<string, string> = {}): Record<string, string> {
    const value = this.raw.metadata;
    if (value === undefined) return current;
    if (value === '') return {};
    if (typeof value !== 'object' || Array.isArray(value))
      throw invalidRequest('Invalid object: metadata', { param: 'metadata' });
    const next = { ...current };
    for (const [k, v] of Object.entries(value)) {
      if (typeof v !== 'string')
        throw invalidRequest(`Invalid metadata[${k}]: metadata values must be strings`, { param: `metadata[${k}]` });
      if (k.length > 40)
        throw invalidRequest(`Invalid metadata[${k}]: keys must be at most 40 characters`, { param: `metadata[${k}]` });
      if (v.length > 500)
        throw invalidRequest(`Invalid metadata[${k}]: values must be at most 500 characters`, {
          param: `metadata[${k}]`,
        });
      if (v === '') delete next[k];
      else next[k] = v;
    }
    if (Object.keys(next).length > 50) throw invalidRequest('Invalid metadata: at most 50 keys', { param: 'metadata' });
    return next;
  }
}
