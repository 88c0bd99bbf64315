import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MediaImage, mediaSrcSet } from '../media-image';

describe('MediaImage', () => {
  it('offers the server its delivery widths and reserves its room', () => {
    const { container } = render(<MediaImage src="/media/demo/goods-1-1.png" alt="A phone" width={375} height={375} sizes="50vw" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('srcset')).toContain('/media/demo/goods-1-1.png?w=200 200w');
    expect(img.getAttribute('srcset')).toContain('?w=750 750w');
    expect(img.getAttribute('width')).toBe('375');
    expect(img.getAttribute('height')).toBe('375');
    expect(img.getAttribute('sizes')).toBe('50vw');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('alt')).toBe('A phone');
  });

  it('fetches the largest paint at once and first', () => {
    const { container } = render(<MediaImage src="/uploads/2026/11/a.png" alt="" width={750} height={320} sizes="100vw" priority />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });

  it('asks for nothing when the goods have no picture, and still keeps its room', () => {
    const { container } = render(<MediaImage src="" alt="A phone" width={100} height={100} sizes="25vw" />);
    const img = container.querySelector('img')!;
    expect(img.hasAttribute('src')).toBe(false);
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.getAttribute('width')).toBe('100');
  });

  it('leaves a picture from elsewhere as it is', () => {
    expect(mediaSrcSet('https://cdn.example.com/a.png')).toBeUndefined();
    expect(mediaSrcSet('/uploads/a.png?v=2', [200])).toBe('/uploads/a.png?v=2&w=200 200w');
  });
});
