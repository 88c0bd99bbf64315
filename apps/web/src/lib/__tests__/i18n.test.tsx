import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { i18n, useTranslation } from '@/lib/i18n';

// Texts as a member reads them: the packs' keys with placeholders and plural forms, the default
// language where the member's has no text, and a page that follows a language switch.

i18n.addResourceBundle('en-us', 'translation', {
  'test.hello': 'Hello {{name}}',
  'test.only.english': 'Only in English',
  'test.items_one': '{{count}} item',
  'test.items': '{{count}} items',
  'test.empty.th': 'Set in English',
  'test.zero_zero': 'Nothing yet',
  'test.zero': '{{count}} things',
});
i18n.addResourceBundle('th', 'translation', { 'test.hello': 'สวัสดี {{name}}', 'test.items': '{{count}} ชิ้น', 'test.empty.th': '' });

afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en-us'));
});

describe('texts', () => {
  it('fill their placeholders and leave an unknown one as written', () => {
    expect(i18n.t('test.hello', { name: 'Mia' })).toBe('Hello Mia');
    expect(i18n.t('test.hello')).toBe('Hello {{name}}');
  });

  it('take the plural form of the count, else the plain text', () => {
    expect(i18n.t('test.items', { count: 1 })).toBe('1 item');
    expect(i18n.t('test.items', { count: 3 })).toBe('3 items');
    expect(i18n.t('test.zero', { count: 0 })).toBe('Nothing yet');
    expect(i18n.t('test.zero', { count: 2 })).toBe('2 things');
  });

  it('write the count as the member’s language groups numbers, as prices are', async () => {
    expect(i18n.t('test.items', { count: 2896 })).toBe('2,896 items');
    expect(i18n.t('test.items', { count: 1_250_000 })).toBe('1,250,000 items');
    await i18n.changeLanguage('th');
    expect(i18n.t('test.items', { count: 2896 })).toBe('2,896 ชิ้น');
  });

  it('come from the default language when the member’s has none (or an empty one), and are the key when neither has', async () => {
    await i18n.changeLanguage('th');
    expect(i18n.t('test.hello', { name: 'Mia' })).toBe('สวัสดี Mia');
    // Thai has no singular form: one is read as any other count.
    expect(i18n.t('test.items', { count: 1 })).toBe('1 ชิ้น');
    expect(i18n.t('test.only.english')).toBe('Only in English');
    expect(i18n.t('test.empty.th')).toBe('Set in English');
    expect(i18n.t('test.nowhere')).toBe('test.nowhere');
    expect(i18n.exists('test.only.english')).toBe(true);
    expect(i18n.exists('test.nowhere')).toBe(false);
  });

  it('added again keep what is there unless told to replace it', () => {
    i18n.addResourceBundle('en-us', 'translation', { 'test.hello': 'Hi {{name}}', 'test.added': 'Added' });
    expect(i18n.t('test.hello', { name: 'Mia' })).toBe('Hello Mia');
    expect(i18n.t('test.added')).toBe('Added');
    i18n.addResourceBundle('en-us', 'translation', { 'test.hello': 'Hi {{name}}' }, true, true);
    expect(i18n.t('test.hello', { name: 'Mia' })).toBe('Hi Mia');
    i18n.addResourceBundle('en-us', 'translation', { 'test.hello': 'Hello {{name}}' }, true, true);
  });

  it('completing a pack draws a page again only when it showed a key for want of a text', async () => {
    let renders = 0;
    function Greeting({ extra }: { extra?: string }) {
      const { t } = useTranslation();
      renders++;
      return (
        <p>
          {t('test.hello', { name: 'Mia' })}
          {extra ? ` ${t(extra)}` : ''}
        </p>
      );
    }
    const { rerender } = render(<Greeting />);
    await act(async () => i18n.complete('en-us', { 'test.rest.one': 'One more' }));
    expect(renders).toBe(1);
    expect(i18n.t('test.rest.one')).toBe('One more');
    // A text not there yet shows as its key until the pack is completed, then as itself.
    rerender(<Greeting extra="test.rest.two" />);
    expect(screen.getByText('Hello Mia test.rest.two')).toBeTruthy();
    const before = renders;
    await act(async () => i18n.complete('en-us', { 'test.rest.two': 'Two more' }));
    expect(renders).toBeGreaterThan(before);
    expect(screen.getByText('Hello Mia Two more')).toBeTruthy();
  });

  it('on a page follow a switch of language at once', async () => {
    function Greeting() {
      const { t } = useTranslation();
      return <p>{t('test.hello', { name: 'Mia' })}</p>;
    }
    render(<Greeting />);
    expect(screen.getByText('Hello Mia')).toBeTruthy();
    await act(() => i18n.changeLanguage('th'));
    expect(screen.getByText('สวัสดี Mia')).toBeTruthy();
  });
});
