import { describe, expect, it } from 'vitest';
import { ACCENTED_LETTERS, foldText, PLAIN_LETTERS } from './text';

describe('foldText: text as lists sort it', () => {
  it('maps each accented letter to one plain letter', () => {
    expect([...ACCENTED_LETTERS]).toHaveLength([...PLAIN_LETTERS].length);
    expect(/^[a-z]+$/.test(PLAIN_LETTERS)).toBe(true);
  });

  it.each([
    ['Émile', 'emile'], ['Arsène', 'arsene'], ['Côte d’Ivoire', 'cote d’ivoire'], ['App_Download', 'app_download'], ['Łódź', 'lodz'],
  ])('%s sorts as %s', (text, folded) => {
    expect(foldText(text)).toBe(folded);
  });

  it("puts 'Émile' between 'Eli' and 'Emma', not after 'Zoe'", () => {
    const names = ['Zoe', 'Émile', 'Emma', 'Eli'];
    expect([...names].sort((a, b) => (foldText(a) < foldText(b) ? -1 : 1))).toEqual(['Eli', 'Émile', 'Emma', 'Zoe']);
  });
});
