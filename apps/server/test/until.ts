/** Reads until a condition holds (background jobs finish on their own time), or fails with the last value. */
export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 15_000,
  every = 50,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - start > ms) throw new Error(`timed out: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, every));
  }
}
