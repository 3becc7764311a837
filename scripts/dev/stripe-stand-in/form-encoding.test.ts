import { describe, expect, it } from 'vitest';
import { FormEncodingError, parseForm, splitKey, stringifyForm } from './form-encoding.ts';

describe('Stripe form encoding', () => {
  it('splits bracket keys', () => {
    expect(splitKey('amount')).toEqual(['amount']);
    expect(splitKey('metadata[order_id]')).toEqual(['metadata', 'order_id']);
    expect(splitKey('payment_method_data[card][number]')).toEqual(['payment_method_data', 'card', 'number']);
    expect(splitKey('expand[]')).toEqual(['expand', '']);
    expect(() => splitKey('a]b')).toThrow(FormEncodingError);
  });

  it('parses nested hashes and indexed arrays the way the SDK writes them', () => {
    const body =
      'amount=2500&currency=eur&metadata[order_id]=ord%201&metadata[note]=Gr%C3%BC%C3%9Fe+aus+Tirol&payment_method_types[0]=card&payment_method_types[1]=eps' +
      '&payment_method_data[billing_details][name]=Anna&expand[0]=latest_charge';
    expect(parseForm(body)).toEqual({
      amount: '2500',
      currency: 'eur',
      metadata: { order_id: 'ord 1', note: 'Grüße aus Tirol' },
      payment_method_types: ['card', 'eps'],
      payment_method_data: { billing_details: { name: 'Anna' } },
      expand: ['latest_charge'],
    });
  });

  it('orders indices, closes holes and supports [] appends and arrays of hashes', () => {
    expect(parseForm('a[2]=c&a[0]=a&a[1]=b')).toEqual({ a: ['a', 'b', 'c'] });
    expect(parseForm('a[5]=x&a[1]=y')).toEqual({ a: ['y', 'x'] });
    expect(parseForm('expand[]=customer&expand[]=latest_charge')).toEqual({ expand: ['customer', 'latest_charge'] });
    expect(parseForm('items[0][price]=1&items[0][qty]=2&items[1][price]=3')).toEqual({
      items: [{ price: '1', qty: '2' }, { price: '3' }],
    });
  });

  it('keeps empty values (Stripe uses `metadata=` to clear) and decodes percent-escaped brackets', () => {
    expect(parseForm('metadata=&description=')).toEqual({ metadata: '', description: '' });
    expect(parseForm('metadata%5Bkey%5D=v')).toEqual({ metadata: { key: 'v' } });
    expect(parseForm('')).toEqual({});
  });

  it('refuses a name used as a value and as a hash', () => {
    expect(() => parseForm('metadata=x&metadata[a]=b')).toThrow(/both a value and an object/);
    expect(() => parseForm('metadata[a]=b&metadata=x')).toThrow(/both a value and an object/);
  });

  it('round-trips with stringifyForm', () => {
    const data = {
      amount: 1234,
      metadata: { order_id: 'a&b=c', ü: 'ö' },
      payment_method_types: ['card', 'ideal'],
      nested: { list: [{ a: 'x' }] },
    };
    expect(parseForm(stringifyForm(data))).toEqual({
      amount: '1234',
      metadata: { order_id: 'a&b=c', ü: 'ö' },
      payment_method_types: ['card', 'ideal'],
      nested: { list: [{ a: 'x' }] },
    });
  });
});
