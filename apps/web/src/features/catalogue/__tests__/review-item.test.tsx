import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { prepareApp } from '@/test/helpers';
import { ReviewItem } from '../components/review-item';

// Written at 20:06 UTC on 28 November: already the 29th in Bangkok. The API hands out UTC instants.
const AT = '2026-11-28T20:06:00.000Z';
const review = { id: 1, goods_id: 3, user_name: 'M**a', avatar: '', rating: 4, content: 'Good teapot', images: [], sku_text: 'Blue', reply: '', created_at: AT };
/** The day as the member reads it: their language's date format, in the device's time zone (as the order pages write dates). */
const day = (tag: string) => new Intl.DateTimeFormat(tag, { dateStyle: 'medium' }).format(new Date(AT));

beforeAll(() => prepareApp());
afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en-us'));
});

describe('a review', () => {
  it('shows the day it was written in the member’s zone and language, not the UTC day cut from the ISO string', async () => {
    const { container, unmount } = render(<ReviewItem review={review} />);
    expect(container.querySelector('.review-date')?.textContent).toBe(day('en-US'));
    unmount();
    // A Thai member: Thai month, Buddhist era ("29 พ.ย. 2569" in Bangkok), never "2026-11-28".
    await act(() => i18n.changeLanguage('th'));
    const thai = render(<ReviewItem review={review} />);
    expect(thai.container.querySelector('.review-date')?.textContent).toBe(day('th-TH'));
    expect(thai.container.querySelector('.review-date')?.textContent).toMatch(/พ\.ย\. 2569/);
  });

  it('shows the photos the reviewer posted with the review, fetched from the API', () => {
    window.SHOP_CONFIG = { api: { default: 'http://api.test', cn: 'http://api.test' } };
    const { container } = render(<ReviewItem review={{ ...review, images: ['/uploads/2026/11/photo-1.png', '/uploads/2026/11/photo-2.png'] }} />);
    expect([...container.querySelectorAll<HTMLImageElement>('.review-images img')].map((i) => i.getAttribute('src'))).toEqual(['http://api.test/uploads/2026/11/photo-1.png', 'http://api.test/uploads/2026/11/photo-2.png']);
  });
});
