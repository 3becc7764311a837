/** Builder errors by the contract's field key (`title`, `min`, `tax.1.value`, `valid_date.0.end`), one message each. */
export type BuilderErrors = Record<string, string | undefined>;

/** The first message per field of a `{ field: [messages] }` map (zod issues, a server 422). */
export function firstMessageOf(errors: Record<string, readonly string[] | undefined>): BuilderErrors {
  const out: BuilderErrors = {};
  for (const [field, messages] of Object.entries(errors)) if (messages?.[0]) out[field] = messages[0];
  return out;
}

/** The builder's three tabs, cycled by the previous/next buttons (02 §2). */
export const BUILDER_TABS = ['1. Gestaltung', '2. Einstellungen', '3. Preis & MwSt.'] as const;
export type TabIndex = 0 | 1 | 2;

/** Previous/next wrap around: 0 → 2 and 2 → 0. */
export function cycleTab(tab: TabIndex, step: 1 | -1): TabIndex {
  return ((((tab + step) % 3) + 3) % 3) as TabIndex;
}

type FieldInfo = { label: string; tab: TabIndex };

/** Every field the contract may complain about, in form order, with its label and tab. */
export function builderFields(type: 'quantity' | 'value'): Record<string, FieldInfo> {
  const quantity = type === 'quantity';
  return {
    employee_value: { label: 'Mitarbeiter-Wert', tab: 0 },
    is_tourism: { label: 'Mitarbeitergutschein', tab: 0 },
    title: { label: 'Titel', tab: 0 },
    description: { label: 'Kurzbeschreibung', tab: 0 },
    long_description: { label: 'Lange Beschreibung', tab: 0 },
    background_color: { label: 'Hintergrund', tab: 0 },
    background_description_color: { label: 'Hintergrund der Beschreibung', tab: 0 },
    description_color: { label: 'Farbe der Beschreibung', tab: 0 },
    header_and_footer_background_color: { label: 'Kopf- und Fußzeile', tab: 0 },
    header_and_footer_color: { label: 'Text in Kopf- und Fußzeile', tab: 0 },
    text_color: { label: 'Textfarbe', tab: 0 },
    background_upload_id: { label: 'Hintergrundbild', tab: 0 },
    remove_bg: { label: 'Hintergrundbild', tab: 0 },
    image_1_upload_id: { label: 'Bild 1', tab: 0 },
    image_2_upload_id: { label: 'Bild 2', tab: 0 },
    image_3_upload_id: { label: 'Bild 3', tab: 0 },
    remove_images: { label: 'Bilder', tab: 0 },
    voucher_category_id: { label: 'Kategorie', tab: 1 },
    subcategory_id: { label: 'Unterkategorie', tab: 1 },
    target: { label: 'Zielgruppe', tab: 1 },
    season: { label: 'Saison', tab: 1 },
    display: { label: 'Sichtbarkeit', tab: 1 },
    expiry_date: { label: 'Gültigkeit in Jahren', tab: 1 },
    limit_validity: { label: 'Einlösbarkeit einschränken', tab: 1 },
    valid_day: { label: 'Einlösbar an', tab: 1 },
    valid_date: { label: 'Zeiträume', tab: 1 },
    months: { label: 'Monate', tab: 1 },
    validity_reason: { label: 'Grund für die Befristung', tab: 1 },
    isReserve: { label: 'Reservierung erforderlich', tab: 1 },
    note: { label: 'Hinweis', tab: 1 },
    type: { label: 'Gutscheinart', tab: 2 },
    qty_val: { label: 'Preis pro Stück (€)', tab: 2 },
    min: { label: quantity ? 'Mindestanzahl (Stück)' : 'Mindestwert (€)', tab: 2 },
    max: { label: quantity ? 'Höchstanzahl (Stück)' : 'Höchstwert (€)', tab: 2 },
    tax: { label: 'Steuersatz', tab: 2 },
    price_hidden: { label: 'Preis ausblenden', tab: 2 },
  };
}

/** `tax.1.value` belongs to the field `tax`. */
export const fieldOfKey = (key: string) => key.split('.')[0] ?? key;

/**
 * The failed-save warning (02 §2, 'Dieses Feld muss ausgefüllt werden!'): one entry per failing field in
 * form order; `key` is the exact error key, so the link can focus the precise input.
 */
export function errorSummary(
  errors: BuilderErrors,
  type: 'quantity' | 'value',
): Array<{ key: string; label: string; tab: TabIndex }> {
  const fields = builderFields(type);
  const keys = Object.keys(errors).filter((key) => errors[key]);
  const out: Array<{ key: string; label: string; tab: TabIndex }> = [];
  for (const [name, info] of Object.entries(fields)) {
    const key = keys.find((k) => fieldOfKey(k) === name);
    if (key && !out.some((entry) => entry.label === info.label)) out.push({ key, label: info.label, tab: info.tab });
  }
  return out;
}

/** Messages for keys no field shows (e.g. `_`); they go into the warning dialog instead. */
export function unplacedMessages(errors: BuilderErrors, type: 'quantity' | 'value'): string[] {
  const fields = builderFields(type);
  return Object.entries(errors)
    .filter(([key, message]) => message && !(fieldOfKey(key) in fields))
    .map(([, message]) => message as string);
}
