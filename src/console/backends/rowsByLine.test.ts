import { describe, expect, it } from 'vitest';
import { readGridAnswer, RowsByLine, type GridAnswer } from './rowsByLine';

const rows = [
  { id: '1', name: 'Ama, "the first"', note: 'a\nb' },
  { id: '2', name: 'Kofi', note: null },
  { id: '3', name: 'Ésí ✓', note: '}' },
];
const lined = (data: unknown[], count = data.length) => `{"count":${count},"data":[\n${data.map((row) => `${JSON.stringify(row)}\n`).join(',')}]}`;
const read = async (body: string, init?: ResponseInit) => (await readGridAnswer(new Response(body, init))) as GridAnswer;

describe("a grid's answer read by line", () => {
  it('reads each row of a row-per-line answer when asked, the same rows as parsed whole', async () => {
    const answer = await read(lined(rows));
    expect(answer.data).toBeInstanceOf(RowsByLine);
    expect(answer.count).toBe(3);
    expect(answer.data.length).toBe(3);
    expect([0, 1, 2].map((i) => answer.data.at(i))).toEqual(rows);
    expect(answer.data.at(-1)).toEqual(rows[2]);
    expect(answer.data.at(3)).toBeUndefined();
    expect(answer.data.at(-4)).toBeUndefined();
    // The same object each time: a cell drawn again does not parse again.
    expect(answer.data.at(1)).toBe(answer.data.at(1));
    expect(JSON.parse(JSON.stringify(answer.data))).toEqual(rows);
  });

  it('reads an empty answer as no rows', async () => {
    const answer = await read(lined([], 0));
    expect(answer.data.length).toBe(0);
    expect(answer.data.at(0)).toBeUndefined();
  });

  it('parses any other layout whole', async () => {
    const compact = JSON.stringify({ data: rows, count: 3 });
    expect(await read(compact)).toEqual({ data: rows, count: 3 });
    const pretty = JSON.stringify({ count: 3, data: rows }, null, 2);
    expect(await read(pretty)).toEqual({ count: 3, data: rows });
  });

  it("reads a refusal's text, as JSON when it is", async () => {
    expect(await readGridAnswer(new Response('{"error":"Bad date"}', { status: 400 }))).toEqual({ error: 'Bad date' });
    expect(await readGridAnswer(new Response('Bad gateway', { status: 502 }))).toBe('Bad gateway');
  });
});
