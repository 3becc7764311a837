/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with bracket notation for nested
 * objects and arrays (`metadata[order_id]=1`, `payment_method_types[0]=card`, `expand[]=customer`),
 * which is what the `stripe` SDK sends. Values stay strings, as on the wire; each endpoint coerces.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export class FormEncodingError extends Error {
  constructor(
    message: string,
    readonly param: string,
  ) {
    super(message);
    this.name = 'FormEncodingError';
  }
}

const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

/** `a[b][0]` → ['a', 'b', '0']; `a[]` → ['a', '']. */
export function splitKey(key: string): string[] {
  const match = KEY.exec(key);
  if (!match) throw new FormEncodingError(`Invalid parameter name: ${key}`, key);
  const rest = match[2] ? [...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] as string) : [];
  return [match[1] as string, ...rest];
}

const isIndex = (segment: string) => segment === '' || /^\d+$/.test(segment);

function isRecord(value: FormValue | undefined): value is { [key: string]: FormValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Parses a form body or query string. Arrays come from numeric or empty brackets; `a[1]` before
 * `a[0]` still lands in index order, and holes are closed. A name used both as a value and as a
 * container (`a=1&a[b]=2`) is an error, as it is for Stripe.
 */
export function parseForm(text: string): FormObject {
  const root: FormObject = {};
  // Numeric indices are collected in maps first and turned into dense arrays at the end.
  const indexed = new WeakMap<object, Map<number, FormValue>>();
  const appendCounters = new WeakMap<object, number>();

  for (const [rawKey, value] of new URLSearchParams(text)) {
    const path = splitKey(rawKey);
    let container: { [key: string]: FormValue } | FormValue[] = root;
    for (let i = 0; i < path.length; i++) {
      const segment = path[i] as string;
      const last = i === path.length - 1;
      const next = path[i + 1];
      const makeChild = (): FormValue => (next !== undefined && isIndex(next) ? [] : {});

      if (Array.isArray(container)) {
        const slots = indexed.get(container) ?? new Map<number, FormValue>();
        indexed.set(container, slots);
        let index: number;
        if (segment === '') {
          index = appendCounters.get(container) ?? slots.size;
          appendCounters.set(container, index + 1);
        } else {
          index = Number(segment);
          if (index > 10_000) throw new FormEncodingError(`Array index too large in ${rawKey}`, rawKey);
        }
        if (last) {
          if (slots.has(index) && typeof slots.get(index) !== 'string')
            throw new FormEncodingError(`Invalid array in ${rawKey}`, rawKey);
          slots.set(index, value);
        } else {
          let child = slots.get(index);
          if (child === undefined) {
            child = makeChild();
            slots.set(index, child);
          } else if (typeof child === 'string') {
            throw new FormEncodingError(`Invalid array in ${rawKey}`, rawKey);
          }
          container = child as { [key: string]: FormValue } | FormValue[];
        }
        continue;
      }

      if (segment === '') throw new FormEncodingError(`Invalid parameter name: ${rawKey}`, rawKey);
      const existing: FormValue | undefined = container[segment];
      if (last) {
        if (existing !== undefined && typeof existing !== 'string') {
          throw new FormEncodingError(
            `Invalid hash: ${path.slice(0, i + 1).join('.')} is both a value and an object`,
            rawKey,
          );
        }
        container[segment] = value;
      } else {
        if (existing === undefined) {
          const child = makeChild();
          container[segment] = child;
          container = child as { [key: string]: FormValue } | FormValue[];
        } else if (typeof existing === 'string') {
          throw new FormEncodingError(
            `Invalid hash: ${path.slice(0, i + 1).join('.')} is both a value and an object`,
            rawKey,
          );
        } else {
          container = existing;
        }
      }
    }
  }

  const densify = (value: FormValue): FormValue => {
    if (Array.isArray(value)) {
      const slots = indexed.get(value);
      const ordered = slots ? [...slots.entries()].sort((a, b) => a[0] - b[0]).map(([, v]) => v) : value;
      return ordered.map(densify);
    }
    if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, densify(v)]));
    return value;
  };
  return densify(root) as FormObject;
}

/** The inverse, in the SDK's style (indexed arrays, unencoded brackets): for tests and the test API. */
export function stringifyForm(data: Record<string, unknown>): string {
  const pairs: string[] = [];
  const encode = (key: string, value: unknown): void => {
    if (value === undefined) return;
    if (value === null || typeof value !== 'object') {
      pairs.push(
        `${encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(value === null ? '' : String(value))}`,
      );
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => encode(`${key}[${index}]`, item));
      return;
    }
    for (const [k, v] of Object.entries(value)) encode(`${key}[${k}]`, v);
  };
  for (const [key, value] of Object.entries(data)) encode(key, value);
  return pairs.join('&');
}
