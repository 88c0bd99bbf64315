import { informalHungarianWords } from '@shop/contract/packs';
import { describe, expect, it } from 'vitest';
import { hu } from '../texts/hu.js';

describe('the demo shop in Hungarian', () => {
  it('addresses the member formally ("Ön") in its notices, news, FAQ and agreements, as the app does', () => {
    const informal = Object.entries(hu).flatMap(([english, text]) => informalHungarianWords(text).map((word) => `${english}: ${word}`));
    expect(informal).toEqual([]);
    expect(hu['Beware of fake customer service calls']).toBe('Óvakodjon a hamis ügyfélszolgálati hívásoktól');
  });

  it('names its agreements as the sign-up page links to them', () => {
    expect(hu['User agreement']).toBe('Felhasználási feltételek');
    expect(hu['Privacy policy']).toBe('Adatvédelmi irányelvek');
  });
});
