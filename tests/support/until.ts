// Reads again every `everyMs` (200 ms) until the answer is the one waited for, or the time is up: the last
// answer either way, for the test to assert on (its failure then says what it was).
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number, everyMs = 200): Promise<T> {
  const end = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    value = await read();
  }
  return value;
}
