import { get, set, type FieldError, type FieldErrors, type Resolver } from 'react-hook-form';
import type { Category } from '@gm/shared/catalogue/contracts';
import { DEFAULT_STYLING, type VoucherForm } from '@gm/shared/catalogue/voucher-form';
import { builderFields, fieldOfKey, type BuilderErrors } from './builder-fields.ts';
import { validateBuilder, type BuilderImages, type BuilderValues } from './builder-values.ts';

/** What the builder's react-hook-form holds: the inputs as typed plus the image slots (so isDirty covers them). */
export type BuilderFormValues = BuilderValues & { images: BuilderImages };

export type BuilderRules = { minimumCents: number; isUpdate: boolean; categories?: readonly Category[] };

type VoucherType = BuilderValues['type'];

const STYLING_KEYS = new Set(Object.keys(DEFAULT_STYLING));
const VALIDITY_CHOICES = new Set(['valid_day', 'months', 'valid_date']);

/**
 * Where the form holds the field the contract names `key`: the contract's `min`/`max` are the product
 * voucher's units or the value voucher's euros, the colours live in `styling`, the weekday, month and
 * date choices behind the validity switch. Keys the form has no input for (image upload ids) stay as they are.
 */
export function formPathOf(key: string, type: VoucherType): string {
  const [head = key, ...rest] = key.split('.');
  const tail = rest.length ? `.${rest.join('.')}` : '';
  if (head === 'min' || head === 'max') return `${type === 'quantity' ? 'qty' : 'val'}_${head}${tail}`;
  if (STYLING_KEYS.has(head)) return `styling.${key}`;
  if (VALIDITY_CHOICES.has(head)) return `validity.choices.${key}`;
  if (head === 'limit_validity') return 'validity.limit_validity';
  return key;
}

/** The reverse of `formPathOf`; paths of the other voucher type's inputs (kept, but not sent) give null. */
export function contractKeyOf(path: string, type: VoucherType): string | null {
  const quantityOnly = /^(qty_val|qty_min|qty_max)$/.test(path);
  const valueOnly = /^(val_min|val_max)$/.test(path);
  if ((quantityOnly && type !== 'quantity') || (valueOnly && type !== 'value')) return null;
  const minMax = /^(?:qty|val)_(min|max)$/.exec(path);
  if (minMax) return minMax[1] ?? null;
  if (path.startsWith('styling.')) return path.slice('styling.'.length);
  if (path.startsWith('validity.choices.')) return path.slice('validity.choices.'.length);
  if (path === 'validity.limit_validity') return 'limit_validity';
  return path;
}

/** Contract-keyed messages → react-hook-form's nested errors at the form's paths. */
export function toFormErrors(errors: BuilderErrors, type: VoucherType): FieldErrors<BuilderFormValues> {
  const out: FieldErrors<BuilderFormValues> = {};
  for (const [key, message] of Object.entries(errors)) {
    if (!message) continue;
    const path = formPathOf(key, type);
    // A group's own message (`tax`) and its rows' (`tax.1.value`) share one node.
    const node: unknown = get(out, path);
    if (node && typeof node === 'object') Object.assign(node, { type: 'validate', message });
    else set(out, path, { type: 'validate', message });
  }
  return out;
}

const ERROR_META = new Set(['type', 'message', 'ref', 'types', 'root']);

/** react-hook-form's nested errors → contract-keyed messages (what the summary, the tabs and the ids use). */
export function builderErrorsOf(errors: FieldErrors<BuilderFormValues>, type: VoucherType): BuilderErrors {
  const out: BuilderErrors = {};
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== 'object') return;
    const entry = node as Partial<FieldError> & Record<string, unknown>;
    const message = typeof entry.message === 'string' ? entry.message : (entry.root as FieldError | undefined)?.message;
    if (path && message) {
      const key = contractKeyOf(path, type);
      if (key) out[key] = message;
    }
    for (const [name, child] of Object.entries(entry))
      if (!ERROR_META.has(name)) walk(child, path ? `${path}.${name}` : name);
  };
  walk(errors, '');
  return out;
}

/**
 * The builder's resolver: the shared contract through `validateBuilder` (euro texts → cents, the
 * seller's minimum, the subcategory rule); on success the form's submit receives the POST body.
 */
export function builderResolver(rules: BuilderRules): Resolver<BuilderFormValues, unknown, VoucherForm> {
  return (values) => {
    const result = validateBuilder(values, rules);
    if (result.ok) return { values: result.data, errors: {} };
    return { values: {}, errors: toFormErrors(result.errors, values.type) };
  };
}

/** Whether the contract key has an input in the builder (other messages go into the warning dialog). */
export const isPlacedKey = (key: string, type: VoucherType) => fieldOfKey(key) in builderFields(type);
