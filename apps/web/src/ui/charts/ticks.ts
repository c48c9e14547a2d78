/**
 * A count axis's ticks: whole numbers from 0, a step of 1, 2 or 5 times a power of ten, at most
 * `most` steps, the last tick at or above the largest count.
 */
export function countTicks(largest: number, most = 4): number[] {
  const top = Math.max(1, Math.ceil(largest));
  let step = 1;
  for (let power = 1; ; power *= 10) {
    const found = [1, 2, 5].map((m) => m * power).find((s) => Math.ceil(top / s) <= most);
    if (found) {
      step = found;
      break;
    }
  }
  const ticks: number[] = [];
  for (let at = 0; at < top + step; at += step) ticks.push(at);
  return ticks;
}

/** A Mantine colour ("teal.6") as the stylesheet variable that holds it. */
export function colorVar(color: string): string {
  const [name, shade] = color.split('.');
  return shade ? `var(--mantine-color-${name}-${shade})` : `var(--mantine-color-${name}-filled)`;
}
