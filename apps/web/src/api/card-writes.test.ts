import { describe, expect, it } from 'vitest';
import {
  isStaleVersion,
  knownCardVersion,
  queueCardWrite,
  queueUnversionedCardWrite,
  resetCardVersion,
} from './card-writes.ts';

describe('card writes', () => {
  it('sends one write at a time per card, each with the newest version', async () => {
    const seen: number[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = queueCardWrite('card-1', 3, async (version) => {
      seen.push(version);
      await gate;
      return { version: version + 1 };
    });
    const second = queueCardWrite('card-1', 3, async (version) => {
      seen.push(version);
      return { version: version + 1 };
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual([3]);
    release();
    await Promise.all([first, second]);
    expect(seen).toEqual([3, 4]);
    expect(knownCardVersion('card-1', 1)).toBe(5);
  });

  it('goes on after a failed write and takes the reloaded version', async () => {
    const failed = queueCardWrite('card-2', 1, async () => {
      throw Object.assign(new Error('stale'), { statusCode: 409 });
    });
    await expect(failed).rejects.toSatisfy(isStaleVersion);
    resetCardVersion('card-2', 7);
    const next = await queueCardWrite('card-2', 1, async (version) => ({ version: version + 1 }));
    expect(next.version).toBe(8);
  });

  it('queues a tag change too: a switch clicked while it is on its way sends the version after it', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const tag = queueUnversionedCardWrite('card-3', async () => {
      await gate;
      return { version: 5 };
    });
    const sent: number[] = [];
    const risky = queueCardWrite('card-3', 4, async (version) => {
      sent.push(version);
      return { version: version + 1 };
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([]);
    release();
    await Promise.all([tag, risky]);
    expect(sent).toEqual([5]);
  });
});
