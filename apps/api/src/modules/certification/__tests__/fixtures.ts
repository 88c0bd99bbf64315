const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
let issued = 0;

/**
 * A mainland national ID number no other test of this process has used (one document verifies one
 * account): a Beijing district, a birthday in 1950–1999 and a sequence, with its check character.
 */
export function freshNationalId(): string {
  const n = issued++;
  const year = 1950 + (Math.floor(n / 999) % 50);
  const body = `110105${year}0615${String((n % 999) + 1).padStart(3, '0')}`;
  const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(body[i]), 0);
  return body + '10X98765432'[sum % 11]!;
}
