/**
 * The shop speaks Hungarian in the formal register ("Ön": "Adja meg", "a kártyájára"), never in the
 * informal one ("te": "Add meg", "a kártyádra"). Hungarian has no one ending that marks the informal
 * form, so these are the informal words the shop's texts have used or would most likely use; tests
 * of the packs and of the demo texts ask for none of them.
 */
const INFORMAL_WORDS = new Set([
  // Pronouns of the informal "you".
  'te', 'neked', 'téged', 'veled', 'tőled', 'nálad', 'hozzád', 'rólad', 'benned', 'magad', 'magadat', 'ti', 'nektek', 'titeket', 'nálatok',
  // Verbs in the second person singular (and the shop addressed as "ti").
  'kapsz', 'kapod', 'visszakapod', 'kerülsz', 'fizetsz', 'fizethetsz', 'vásárolhatsz', 'gyűjthetsz', 'beválthatsz', 'tudsz', 'tudod',
  'szeretnél', 'szeretnéd', 'tehetnél', 'visszavonod', 'elküldöd', 'törlöd', 'jóváhagyod', 'visszaadod', 'rendezed', 'lezárod', 'értékelheted',
  'megtartod', 'megpróbálhatod', 'elajándékozol', 'feltöltesz', 'kifizetsz', 'kerestél', 'kiléptél', 'visszaküldted', 'megkaptad', 'bezártad',
  'megerősítetted', 'kifizetted', 'fogadtok', 'kommentelsz',
  // Informal imperatives.
  'add', 'adj', 'válassz', 'válaszd', 'írj', 'írd', 'próbálj', 'próbáld', 'ellenőrizd', 'regisztrálj', 'nyisd', 'oszd', 'használd', 'használj', 'tedd',
  'tarts', 'hűtsd', 'gyere', 'kérd', 'küldd', 'térj', 'várj', 'koppints', 'fizesd', 'fizess', 'indíts', 'állítsd', 'jelentkezz', 'fedezz', 'vásárolj',
  'lépj', 'ismerd', 'óvakodj', 'nyerj', 'hívd', 'kerülj', 'nézd', 'töltsd', 'kattints',
  // "Your …" in the informal register.
  'kártyád', 'kártyádra', 'pénztárcád', 'pénztárcádba', 'egyenleged', 'egyenlegedből', 'egyenlegedre', 'pontjaid', 'ajándékkártyád', 'ajándékkártyáid',
  'rendelésed', 'rendelésedhez', 'rendelésednél', 'rendeléseid', 'csoportod', 'fiókod', 'fiókodat', 'boltod', 'boltodat', 'boltodba', 'boltodban',
  'boltodnak', 'kosarad', 'neved', 'felhasználóneveddel', 'e-mail-címeddel', 'telefonszámoddal', 'pénzed', 'felajánlásod', 'linkedet', 'barátaidat',
  'adataidat', 'jelszavadat', 'kódodat', 'alkalmazásodban', 'listádon', 'csészédbe',
]);

/** "Nem vagy", "Új vagy itt": the informal "you are" (alone, "vagy" is the word "or"). */
const INFORMAL_PAIRS = [['nem', 'vagy'], ['új', 'vagy']] as const;

/** The informal words in one Hungarian text, in the order they appear ({{placeholders}} left out). */
export function informalHungarianWords(text: string): string[] {
  const words = text
    .replace(/\{\{\s*\w+\s*\}\}/g, ' ')
    .toLowerCase()
    .split(/[^\p{L}-]+/u)
    .map((w) => w.replace(/^-+|-+$/g, ''))
    .filter(Boolean);
  const found = words.filter((w) => INFORMAL_WORDS.has(w));
  for (let i = 0; i + 1 < words.length; i++) {
    if (INFORMAL_PAIRS.some(([a, b]) => words[i] === a && words[i + 1] === b)) found.push(`${words[i]} ${words[i + 1]}`);
  }
  return found;
}
