// Text as lists sort it (issue 17): lower-cased and without its accents, so 'Émile' sits beside
// 'Emile' and 'app_download' beside 'App_Download'. The server sorts on the same fold in SQL
// (server/db/foldedText.ts); programs that check an order use foldText.

/** The accented letters of the Latin scripts the programme's names use, and their plain letters (the same length). */
export const ACCENTED_LETTERS = 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįıłñńňòóôõöøōőŕřśšşťţùúûüūůűųýÿźżž';
export const PLAIN_LETTERS = 'aaaaaaaaacccddeeeeeeeeiiiiiiilnnnoooooooorrsssttuuuuuuuuyyzzz';

const PLAIN_OF = new Map([...ACCENTED_LETTERS].map((letter, index) => [letter, PLAIN_LETTERS[index] as string]));

/** A text as it sorts: lower-cased, each accented letter plain. */
export const foldText = (text: string): string => [...text.toLowerCase()].map((letter) => PLAIN_OF.get(letter) ?? letter).join('');
