import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../validation/fields.ts';
import { MSG } from '../validation/messages.ts';
import {
  WEBSITE_DEFAULTS,
  WEBSITE_TEXT,
  websiteConfigurationSchema,
  websiteSteps,
  type WebsiteConfigurationInput,
} from './website-configuration.ts';

const form = (over: Partial<WebsiteConfigurationInput> = {}): WebsiteConfigurationInput => ({
  header_1: 'Zeit für dich',
  header_2: 'Wellness im Oberland',
  background_color: '#1D4F55',
  text_color: '#fff',
  is_header_show: true,
  link: 'www.alpenspa.example/impressum',
  text_1: 'Auswählen',
  text_2: '',
  text_3: 'Verschenken',
  icon_1: 'heart',
  icon_2: '',
  icon_3: 'gift',
  ...over,
});

const errorsOf = (input: unknown) => {
  const parsed = websiteConfigurationSchema.safeParse(input);
  return parsed.success ? {} : toFieldErrors(parsed.error);
};

describe('website configuration contract', () => {
  it('turns the form into the stored fields: empty texts and icons become null, the link gets https://', () => {
    expect(websiteConfigurationSchema.parse(form())).toEqual({
      header_1: 'Zeit für dich',
      header_2: 'Wellness im Oberland',
      background_color: '#1d4f55',
      text_color: '#fff',
      is_header_show: true,
      link: 'https://www.alpenspa.example/impressum',
      text_1: 'Auswählen',
      text_2: null,
      text_3: 'Verschenken',
      icon_1: 'heart',
      icon_2: null,
      icon_3: 'gift',
    });
    expect(websiteConfigurationSchema.parse(form({ link: '  ', header_1: '' }))).toMatchObject({
      link: null,
      header_1: null,
    });
  });

  it('refuses what the tenant page cannot show, with German messages per field', () => {
    expect(
      errorsOf(
        form({
          background_color: 'red; background:url(x)',
          text_color: '#123' as never,
          icon_1: 'skull' as never,
          header_1: 'x'.repeat(61),
          text_2: 'y'.repeat(61),
          link: 'kein link',
          logo_upload_id: '../../etc',
        }),
      ),
    ).toEqual({
      background_color: [WEBSITE_TEXT.colourInvalid],
      text_color: [WEBSITE_TEXT.textColourInvalid],
      icon_1: [WEBSITE_TEXT.iconInvalid],
      header_1: [MSG.max(60)],
      text_2: [MSG.max(60)],
      link: ['Bitte gib eine gültige Webadresse ein.'],
      logo_upload_id: ['Ungültiger Upload.'],
    });
    expect(errorsOf({})).toMatchObject({
      background_color: [MSG.required],
      text_color: [WEBSITE_TEXT.textColourInvalid],
      is_header_show: [MSG.required],
    });
  });

  it('fills each unset step text and icon with its default', () => {
    expect(websiteSteps(null)).toEqual([
      { text: 'Gutschein wählen', icon: 'search' },
      { text: 'Gutschein personalisieren', icon: 'spark' },
      { text: 'Als Geschenk versenden', icon: 'gift' },
    ]);
    expect(
      websiteSteps({ text_1: 'Buchen', text_2: ' ', icon_2: 'wellness', icon_3: 'unknown-icon' }).map((s) => [
        s.text,
        s.icon,
      ]),
    ).toEqual([
      ['Buchen', WEBSITE_DEFAULTS.icons[0]],
      [WEBSITE_DEFAULTS.texts[1], 'wellness'],
      [WEBSITE_DEFAULTS.texts[2], 'gift'],
    ]);
  });
});
