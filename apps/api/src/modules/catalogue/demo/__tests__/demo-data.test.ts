import { describe, expect, it } from 'vitest';
import { BANNERS, CATEGORIES, GOODS_COUNT, demoGoods } from '../demo-data.js';

/** Where each kind of demo goods belongs. */
const HOME: Record<string, string> = {
  Smartphone: 'Smartphones',
  Tablet: 'Tablets',
  'Phone Case': 'Accessories',
  Laptop: 'Laptops',
  Keyboard: 'Peripherals',
  Monitor: 'Peripherals',
  Dress: 'Dresses',
  Blouse: 'Tops',
  Cardigan: 'Tops',
  'T-Shirt': 'Shirts',
  Jacket: 'Outerwear',
  Chinos: 'Trousers',
  'Face Serum': 'Skincare',
  Moisturiser: 'Skincare',
  Lipstick: 'Makeup',
  'Cookware Set': 'Kitchen',
  'Coffee Maker': 'Kitchen',
  'Bedding Set': 'Bedroom',
  'Yoga Mat': 'Fitness',
  'Running Shorts': 'Fitness',
  'Water Bottle': 'Outdoors',
};

describe('the demo catalogue', () => {
  it('files every goods under the subcategory of its kind (no tablet under Smartphones, no smartphone under Accessories)', () => {
    let filed = 0;
    for (let i = 0; i < GOODS_COUNT; i++) {
      const g = demoGoods(i);
      const cat = CATEGORIES[g.category]!;
      if (g.child < 0) {
        expect(cat.children).toEqual([]);
        continue;
      }
      const name = g.name['en-us'];
      const kind = cat.nouns.map((n) => n['en-us']).find((n) => name.includes(` ${n} `));
      expect(kind, name).toBeDefined();
      expect(cat.children[g.child]!['en-us'], name).toBe(HOME[kind!]);
      filed++;
    }
    // Every subcategory has goods, so none of them shows empty.
    for (const [ci, cat] of CATEGORIES.entries())
      cat.children.forEach((_, k) => expect(Array.from({ length: GOODS_COUNT }, (__, i) => demoGoods(i)).some((g) => g.category === ci && g.child === k), `${cat.name['en-us']} › ${cat.children[k]!['en-us']}`).toBe(true));
    expect(filed).toBeGreaterThan(50);
  });
});

describe('promises in the demo texts', () => {
  it('promise no free shipping over an amount: the demo shop sets up no freight band, so checkout charges no freight below it either', () => {
    const texts = [...Array.from({ length: GOODS_COUNT }, (_, i) => demoGoods(i).subtitle), ...BANNERS.map((b) => b.title)];
    for (const text of texts) {
      expect(text['en-us']).not.toMatch(/free shipping/i);
      expect(text['zh-cn']).not.toContain('包邮');
      expect(text.jp).not.toContain('送料無料');
    }
  });

  it('name the goods’ warranty, which every demo goods has, in each language', () => {
    const subtitle = demoGoods(0).subtitle;
    expect(subtitle['en-us']).toContain('Official warranty: 12 months');
    expect(subtitle['zh-cn']).toContain('官方质保12个月');
  });
});
