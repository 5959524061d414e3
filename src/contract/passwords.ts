// The Generate Password button (section 5): 9 characters from a cryptographic source that always
// satisfy the strength rule. Web Crypto is global in browsers and in Node 20.
import { GENERATED_PASSWORD_LENGTH, PASSWORD_SPECIAL_CHARACTERS } from './constants';

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const ALL = LOWER + UPPER + DIGITS + PASSWORD_SPECIAL_CHARACTERS;

/** A uniform index below `n`, rejecting the biased tail of the byte range. */
function randomIndex(n: number): number {
  const limit = 256 - (256 % n);
  const byte = new Uint8Array(1);
  do crypto.getRandomValues(byte);
  while ((byte[0] ?? 0) >= limit);
  return (byte[0] ?? 0) % n;
}
const pick = (alphabet: string) => alphabet.charAt(randomIndex(alphabet.length));

export function generatePassword(length = GENERATED_PASSWORD_LENGTH): string {
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(PASSWORD_SPECIAL_CHARACTERS)];
  while (chars.length < length) chars.push(pick(ALL));
  // Fisher-Yates, so the guaranteed classes are not always first.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomIndex(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}
