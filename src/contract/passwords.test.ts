import { describe, it, expect } from 'vitest';
import { generatePassword } from './passwords';
import { PASSWORD_STRENGTH_PATTERN, strongPassword } from './schemas/fields';
import { GENERATED_PASSWORD_LENGTH, PASSWORD_SPECIAL_CHARACTERS } from './constants';

const RUNS = 500;
const ALLOWED = new RegExp(`^[A-Za-z0-9${PASSWORD_SPECIAL_CHARACTERS.replace(/[-\\\]^]/g, '\\$&')}]+$`);

describe('generatePassword', () => {
  const passwords = Array.from({ length: RUNS }, () => generatePassword());

  it('the generated length is 9 (section 9)', () => {
    expect(GENERATED_PASSWORD_LENGTH).toBe(9);
  });

  it(`every one of ${RUNS} passwords has 9 characters`, () => {
    for (const password of passwords) expect(password).toHaveLength(9);
  });

  it(`every one of ${RUNS} passwords satisfies PASSWORD_STRENGTH_PATTERN and strongPassword`, () => {
    for (const password of passwords) {
      expect(PASSWORD_STRENGTH_PATTERN.test(password), password).toBe(true);
      expect(strongPassword.safeParse(password).success, password).toBe(true);
    }
  });

  it('uses only letters, digits and the listed special characters', () => {
    for (const password of passwords) expect(password, password).toMatch(ALLOWED);
  });

  it('passwords are not all equal', () => {
    expect(new Set(passwords).size).toBeGreaterThan(RUNS * 0.99);
  });

  it('a password is not one repeated character', () => {
    for (const password of passwords) expect(new Set(password).size).toBeGreaterThan(1);
  });

  it('the guaranteed classes do not always sit in the same positions', () => {
    const firstIsLower = passwords.filter((p) => /^[a-z]/.test(p)).length;
    expect(firstIsLower).toBeGreaterThan(0);
    expect(firstIsLower).toBeLessThan(RUNS);
  });

  it.each([8, 12, 20])('length %d on request', (length) => {
    const password = generatePassword(length);
    expect(password).toHaveLength(length);
    expect(PASSWORD_STRENGTH_PATTERN.test(password)).toBe(true);
  });
});
