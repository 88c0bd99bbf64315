import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { informalHungarianWords } from './hungarian-register.js';
import { PACKS_DIR } from './packs.js';

const huTexts = () =>
  fs
    .readdirSync(PACKS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => Object.entries(JSON.parse(fs.readFileSync(path.join(PACKS_DIR, d.name, 'hu.json'), 'utf8')) as Record<string, string>).map(([key, text]) => [`${d.name}: ${key}`, text] as const));

describe('Hungarian packs', () => {
  it('address the member and the operator formally ("Ön") in every pack, never with the informal "te"', () => {
    const texts = huTexts();
    expect(texts.length).toBeGreaterThan(3000);
    const informal = texts.flatMap(([key, text]) => informalHungarianWords(text).map((word) => `${key}: ${word}`));
    expect(informal).toEqual([]);
  });

  it('names the two documents of the sign-up sentence as the links under it do', () => {
    const pack = (ns: string) => JSON.parse(fs.readFileSync(path.join(PACKS_DIR, ns, 'hu.json'), 'utf8')) as Record<string, string>;
    const catalogue = pack('catalogue');
    expect(catalogue['catalogue.agreement.user']).toBe('Felhasználási feltételek');
    expect(catalogue['catalogue.agreement.privacy']).toBe('Adatvédelmi irányelvek');
    // The sentence takes them in the accusative: "…a Felhasználási feltételeket és az Adatvédelmi irányelveket".
    expect(pack('account')['account.agreement.policies']).toBe('Elolvastam és elfogadom a Felhasználási feltételeket és az Adatvédelmi irányelveket');
    // The console names the same documents the same way when an operator edits them.
    expect(pack('console-content')['console.content.agreementKinds.user']).toBe(catalogue['catalogue.agreement.user']);
    expect(pack('console-content')['console.content.agreementKinds.privacy']).toBe(catalogue['catalogue.agreement.privacy']);
  });

  it('finds the informal words it looks for', () => {
    expect(informalHungarianWords('A rendelés teljesülésekor {{count}} pontot kapsz')).toEqual(['kapsz']);
    expect(informalHungarianWords('304,49 $ a kártyádra')).toEqual(['kártyádra']);
    expect(informalHungarianWords('Nem vagy ebben a csoportban')).toEqual(['nem vagy']);
    expect(informalHungarianWords('Adja meg a telefonszámot vagy az e-mail-címet')).toEqual([]);
  });
});
