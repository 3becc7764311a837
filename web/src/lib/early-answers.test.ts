// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_ANSWERS_GLOBAL, hasEarlyAnswers, takeEarlyAnswer, type EarlyAnswer } from './early-answers.ts';

const answered = (text: string) => Promise.resolve(new Response(text));

function leave(...answers: EarlyAnswer[]) {
  (window as unknown as Record<string, EarlyAnswer[]>)[EARLY_ANSWERS_GLOBAL] = answers;
}

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[EARLY_ANSWERS_GLOBAL];
});

describe('takeEarlyAnswer', () => {
  it('hands over the answer to exactly the same request, once', async () => {
    leave(
      { method: 'GET', url: '/api/v1/voucher-category', body: null, response: answered('categories') },
      { method: 'POST', url: '/api/v1/voucher/search', body: '{"paginate":9,"page":1}', response: answered('page 1') },
    );
    const send = vi.fn(() => answered('sent'));
    expect(hasEarlyAnswers()).toBe(true);
    // Another body, another method or another URL is another request.
    expect(takeEarlyAnswer('/api/v1/voucher/search', { method: 'POST', body: '{"paginate":9,"page":2}' }, send)).toBe(
      undefined,
    );
    expect(takeEarlyAnswer('/api/v1/voucher/search', { method: 'GET' }, send)).toBeUndefined();
    expect(takeEarlyAnswer('/api/v1/voucher-category?x=1', undefined, send)).toBeUndefined();

    const search = takeEarlyAnswer('/api/v1/voucher/search', { method: 'POST', body: '{"paginate":9,"page":1}' }, send);
    expect(await (await search)?.text()).toBe('page 1');
    const categories = takeEarlyAnswer('/api/v1/voucher-category', { headers: { Accept: 'application/json' } }, send);
    expect(await (await categories)?.text()).toBe('categories');
    // Taken: the next identical request goes out itself.
    expect(takeEarlyAnswer('/api/v1/voucher-category', undefined, send)).toBeUndefined();
    expect(hasEarlyAnswers()).toBe(false);
    expect(send).not.toHaveBeenCalled();
  });

  it('never serves a request that carries a token (the boot reads as a guest)', () => {
    leave({ method: 'GET', url: '/api/v1/voucher-category', body: null, response: answered('guest') });
    const send = vi.fn(() => answered('sent'));
    expect(takeEarlyAnswer('/api/v1/voucher-category', { headers: { Authorization: 'Bearer t' } }, send)).toBe(
      undefined,
    );
    expect(hasEarlyAnswers()).toBe(true);
  });

  it('sends the request again when the early one failed on the network', async () => {
    leave({ method: 'GET', url: '/api/v1/app-status', body: null, response: Promise.reject(new TypeError('offline')) });
    const send = vi.fn(() => answered('sent again'));
    const response = takeEarlyAnswer('/api/v1/app-status', { method: 'GET' }, send);
    expect(await (await response)?.text()).toBe('sent again');
    expect(send).toHaveBeenCalledWith('/api/v1/app-status', { method: 'GET' });
  });

  it('does nothing without early answers', () => {
    expect(hasEarlyAnswers()).toBe(false);
    expect(takeEarlyAnswer('/api/v1/voucher-category', undefined, () => answered('x'))).toBeUndefined();
  });
});
