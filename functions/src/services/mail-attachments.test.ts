import { describe, expect, it, vi } from 'vitest';
import { chunkAttachments, fitAttachments, memoisedMediaReader, type MailAttachment } from './mail-attachments.ts';

const file = (name: string, bytes: number): MailAttachment => ({
  filename: name,
  contentType: 'application/pdf',
  content: new Uint8Array(bytes),
});
const names = (list: MailAttachment[]) => list.map((a) => a.filename);

describe('fitAttachments', () => {
  it('takes files in order while the sum stays within the budget and leaves the rest', () => {
    const { attached, left } = fitAttachments([file('a', 40), file('b', 50), file('c', 10), file('d', 1)], 100);
    expect(names(attached)).toEqual(['a', 'b', 'c']);
    expect(names(left)).toEqual(['d']);
  });

  it('skips a file that does not fit and still takes a later small one', () => {
    const { attached, left } = fitAttachments([file('rechnung', 10), file('gross', 95), file('klein', 20)], 100);
    expect(names(attached)).toEqual(['rechnung', 'klein']);
    expect(names(left)).toEqual(['gross']);
  });

  it('leaves a file over the budget, even the first', () => {
    const { attached, left } = fitAttachments([file('riesig', 500), file('b', 1)], 100);
    expect(names(attached)).toEqual(['b']);
    expect(names(left)).toEqual(['riesig']);
    expect(fitAttachments([], 100)).toEqual({ attached: [], left: [] });
  });
});

describe('chunkAttachments', () => {
  it('splits into groups within the budget; an oversized file gets its own', () => {
    const chunks = chunkAttachments([file('a', 60), file('b', 60), file('c', 300), file('d', 30)], 100);
    expect(chunks.map(names)).toEqual([['a', 'd'], ['b'], ['c']]);
    expect(chunkAttachments([], 100)).toEqual([]);
  });
});

describe('memoisedMediaReader', () => {
  it('reads each key once', async () => {
    const read = vi.fn(async (key: string) => new TextEncoder().encode(key));
    const reader = memoisedMediaReader({ read });
    await Promise.all([reader.read('/media/a.jpg'), reader.read('/media/a.jpg'), reader.read('/media/b.jpg')]);
    expect(read).toHaveBeenCalledTimes(2);
  });
});
