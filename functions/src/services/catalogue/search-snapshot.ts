import type { VoucherCard } from '@gm/shared/catalogue/contracts';
import type { SortFlag } from '@gm/shared/catalogue/search-contracts';
import type { CatalogueEntry } from '../../repositories/voucher-repository.ts';
import {
  CODED_COLUMNS,
  LISTINGS,
  SORTS,
  buildIndexParts,
  withoutSearchText,
  type CodedColumn,
  type IndexParts,
  type Listing,
  type SearchIndex,
} from './search-index.ts';

/**
 * The search snapshot (docs/architecture.md, "Catalogue search"): the catalogue projection with its
 * ready search index in one compact binary, built off the request path by the snapshot worker and
 * decoded by each container without sorting or folding anything.
 *
 * Layout (little-endian, as Lambda's x86 and arm64 are): `GMSEARCH` · u32 header length · header
 * JSON · sections, each 8-byte aligned. The header holds the ids and the dictionaries; the sections
 * hold the typed columns, the orders, the keyword postings, and the cards as JSON (one after the
 * other, decoded only for the page a request answers). Card fields that repeat across vouchers
 * (seller summary, styling, weekdays, months) are stored once and referred to by number.
 */
export const SNAPSHOT_FORMAT = 1;
const MAGIC = 'GMSEARCH';
const SHARED_FIELDS = ['seller', 'styling', 'valid_day', 'months'] as const;
type SharedField = (typeof SHARED_FIELDS)[number];

export type SnapshotMeta = { version: number; built_at: string };

type Header = SnapshotMeta & {
  format: number;
  size: number;
  ids: string[];
  codes: Record<CodedColumn, (string | null)[]>;
  shared: Record<SharedField, string[]>;
  /** Section name → [byte offset from the data start, byte length]. */
  sections: Record<string, [number, number]>;
};

type TypedArray = Int32Array | Float64Array | Uint8Array;

/** Encodes the catalogue and its index (uncompressed; the store gzips it). */
export function encodeSearchSnapshot(entries: readonly CatalogueEntry[], meta: SnapshotMeta): Buffer {
  const parts = buildIndexParts(entries);
  const shared = Object.fromEntries(SHARED_FIELDS.map((f) => [f, new Map<string, number>()])) as Record<
    SharedField,
    Map<string, number>
  >;
  const cardOffsets = new Int32Array(entries.length + 1);
  const cardTexts: Buffer[] = [];
  let cardBytes = 0;
  entries.forEach((entry, position) => {
    const card: Record<string, unknown> = withoutSearchText(entry);
    for (const field of SHARED_FIELDS) {
      const text = JSON.stringify(card[field]);
      let ref = shared[field].get(text);
      if (ref === undefined) {
        ref = shared[field].size;
        shared[field].set(text, ref);
      }
      card[field] = ref;
    }
    const bytes = Buffer.from(JSON.stringify(card), 'utf8');
    cardOffsets[position] = cardBytes;
    cardBytes += bytes.length;
    cardTexts.push(bytes);
  });
  cardOffsets[entries.length] = cardBytes;

  const sections: [string, Buffer][] = [];
  const add = (name: string, data: TypedArray | Buffer) =>
    sections.push([name, Buffer.from(data.buffer, data.byteOffset, data.byteLength)]);
  for (const column of CODED_COLUMNS) add(`column.${column}`, parts.columns[column]);
  add('region', parts.region);
  add('low', parts.low);
  add('high', parts.high);
  add('flags', parts.flags);
  for (const listing of LISTINGS)
    for (const sort of SORTS) add(`order.${listing}.${sort}`, parts.orders[listing][sort]);
  for (const sort of SORTS) add(`rank.${sort}`, parts.ranks[sort]);
  add('vocabulary', Buffer.from(parts.vocabulary, 'utf8'));
  add('tokenStarts', parts.tokenStarts);
  add('postingStarts', parts.postingStarts);
  add('postings', parts.postings);
  add('cardOffsets', cardOffsets);
  sections.push(['cards', Buffer.concat(cardTexts, cardBytes)]);

  const layout: Record<string, [number, number]> = {};
  let offset = 0;
  for (const [name, data] of sections) {
    layout[name] = [offset, data.length];
    offset = align(offset + data.length);
  }
  const header: Header = {
    format: SNAPSHOT_FORMAT,
    ...meta,
    size: parts.size,
    ids: [...parts.ids],
    codes: Object.fromEntries(CODED_COLUMNS.map((c) => [c, [...parts.codes[c].keys()]])) as Header['codes'],
    shared: Object.fromEntries(SHARED_FIELDS.map((f) => [f, [...shared[f].keys()]])) as Header['shared'],
    sections: layout,
  };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const dataStart = align(MAGIC.length + 4 + headerBytes.length);
  const out = Buffer.alloc(dataStart + offset);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(headerBytes.length, MAGIC.length);
  headerBytes.copy(out, MAGIC.length + 4);
  for (const [name, data] of sections) data.copy(out, dataStart + (layout[name] as [number, number])[0]);
  return out;
}

const align = (n: number) => Math.ceil(n / 8) * 8;

export type DecodedSnapshot = SearchIndex & SnapshotMeta;

/** Decodes a snapshot: views on the buffer (no copies when it is aligned), no index work. */
export function decodeSearchSnapshot(buffer: Buffer): DecodedSnapshot {
  if (buffer.toString('latin1', 0, MAGIC.length) !== MAGIC) throw new Error('not a search snapshot');
  const headerLength = buffer.readUInt32LE(MAGIC.length);
  const header = JSON.parse(buffer.toString('utf8', MAGIC.length + 4, MAGIC.length + 4 + headerLength)) as Header;
  if (header.format !== SNAPSHOT_FORMAT) throw new Error(`search snapshot format ${header.format} is not supported`);
  const dataStart = align(MAGIC.length + 4 + headerLength);
  const bytesOf = (name: string) => {
    const [offset, length] = header.sections[name] ?? [0, 0];
    return buffer.subarray(dataStart + offset, dataStart + offset + length);
  };
  const view = <T extends TypedArray>(
    name: string,
    Kind: { new (b: ArrayBufferLike, o: number, l: number): T; BYTES_PER_ELEMENT: number },
  ): T => {
    let bytes = bytesOf(name);
    // A typed array needs an aligned start; copy the rare unaligned buffer once.
    if (bytes.byteOffset % Kind.BYTES_PER_ELEMENT !== 0) bytes = Buffer.from(bytes);
    return new Kind(bytes.buffer, bytes.byteOffset, bytes.byteLength / Kind.BYTES_PER_ELEMENT);
  };
  const codes = Object.fromEntries(
    CODED_COLUMNS.map((c) => [c, new Map(header.codes[c].map((value, code) => [value, code]))]),
  ) as unknown as IndexParts['codes'];
  const columns = Object.fromEntries(
    CODED_COLUMNS.map((c) => [c, view(`column.${c}`, Int32Array)]),
  ) as IndexParts['columns'];
  const orders = Object.fromEntries(
    LISTINGS.map((listing) => [
      listing,
      Object.fromEntries(SORTS.map((sort) => [sort, view(`order.${listing}.${sort}`, Int32Array)])),
    ]),
  ) as Record<Listing, Record<SortFlag, Int32Array>>;
  const ranks = Object.fromEntries(SORTS.map((sort) => [sort, view(`rank.${sort}`, Int32Array)])) as Record<
    SortFlag,
    Int32Array
  >;
  const cardOffsets = view('cardOffsets', Int32Array);
  const cards = bytesOf('cards');
  const { shared } = header;
  const card = (position: number): VoucherCard => {
    const value = JSON.parse(
      cards.toString('utf8', cardOffsets[position] as number, cardOffsets[position + 1] as number),
    ) as Record<string, unknown>;
    for (const field of SHARED_FIELDS) value[field] = JSON.parse(shared[field][value[field] as number] as string);
    return value as VoucherCard;
  };
  return {
    version: header.version,
    built_at: header.built_at,
    size: header.size,
    ids: header.ids,
    positionOf: new Map(header.ids.map((id, i) => [id, i])),
    card,
    codes,
    columns,
    region: view('region', Float64Array),
    low: view('low', Float64Array),
    high: view('high', Float64Array),
    flags: view('flags', Uint8Array),
    orders,
    ranks,
    vocabulary: bytesOf('vocabulary').toString('utf8'),
    tokenStarts: view('tokenStarts', Int32Array),
    postingStarts: view('postingStarts', Int32Array),
    postings: view('postings', Int32Array),
  };
}
