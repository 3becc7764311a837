import { describe, expect, it } from 'vitest';
import { saveBuyerVoucherRequestSchema } from './buyer-voucher.ts';
import { backgroundOf, personaliseRequestSchema } from './personalisation.ts';

describe('personalisation contract', () => {
  const base = { background: 'default', version: 1 };

  it('defaults price_hidden to true, trims the note and keeps an empty note as null', () => {
    expect(personaliseRequestSchema.parse({ ...base, note: '  Hallo  ' })).toMatchObject({
      price_hidden: true,
      note: 'Hallo',
    });
    expect(personaliseRequestSchema.parse({ ...base, note: '   ' }).note).toBeNull();
    expect(personaliseRequestSchema.parse(base).note).toBeNull();
  });

  it('allows 120 characters in the message, not 121, with the German message', () => {
    expect(personaliseRequestSchema.safeParse({ ...base, note: 'a'.repeat(120) }).success).toBe(true);
    const result = personaliseRequestSchema.safeParse({ ...base, note: 'a'.repeat(121) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['note'],
      message: 'Es dürfen maximal 120 Zeichen verwendet werden.',
    });
  });

  it('needs a template for a template background, a #rrggbb colour and a version', () => {
    expect(personaliseRequestSchema.safeParse({ ...base, background: 'template' }).error?.issues[0]?.path).toEqual([
      'template_id',
    ]);
    expect(personaliseRequestSchema.safeParse({ ...base, text_color: 'red' }).success).toBe(false);
    expect(personaliseRequestSchema.safeParse({ background: 'default' }).success).toBe(false);
  });

  it('tells the background from a stored design', () => {
    expect(backgroundOf(null)).toBe('default');
    expect(backgroundOf({ custom_image: null, template_id: 't1' })).toBe('template');
    expect(backgroundOf({ custom_image: '/media/x.jpg', template_id: null })).toBe('custom');
  });

  it('buyer vouchers need a title and a giver', () => {
    const result = saveBuyerVoucherRequestSchema.safeParse({ ...base, title: ' ', from: '' });
    expect(result.error?.issues.map((issue) => issue.path[0]).sort()).toEqual(['from', 'title']);
    expect(
      saveBuyerVoucherRequestSchema.parse({ ...base, title: 'Kino', from: 'Anna', description: '' }).description,
    ).toBeNull();
  });
});
