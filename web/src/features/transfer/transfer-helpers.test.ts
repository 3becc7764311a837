import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '../../config/paths.ts';
import { shareText } from './copy-text.ts';
import { receiveIdempotencyKey } from './receive-key.ts';

describe('safeReturnPath', () => {
  it('accepts paths on this site and refuses other origins', () => {
    expect(safeReturnPath('/ein-liebevolles-geschenk/abc')).toBe('/ein-liebevolles-geschenk/abc');
    expect(safeReturnPath('//evil.example/x')).toBeNull();
    expect(safeReturnPath('/\\evil.example')).toBeNull();
    expect(safeReturnPath('https://evil.example')).toBeNull();
    expect(safeReturnPath('')).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
  });
});

describe('receiveIdempotencyKey', () => {
  it('keeps one key per link for the tab session', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    let n = 0;
    const next = () => `key-${++n}`;
    expect(receiveIdempotencyKey('a', storage, next)).toBe('key-1');
    expect(receiveIdempotencyKey('a', storage, next)).toBe('key-1');
    expect(receiveIdempotencyKey('b', storage, next)).toBe('key-2');
    expect(receiveIdempotencyKey('c', null, next)).toBe('key-3');
  });
});

describe('shareText', () => {
  it('is the fixed message followed by the link', () => {
    expect(shareText('Für dich:', 'https://x/ein-liebevolles-geschenk/c')).toBe(
      'Für dich: https://x/ein-liebevolles-geschenk/c',
    );
  });
});
