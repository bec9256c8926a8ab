import { describe, expect, it } from 'vitest';
import { handledPosition } from './handled-position.ts';

describe('handledPosition', () => {
  it('resolves a wait once the position is reached, at once when it already was, and never moves back', async () => {
    const handled = handledPosition('test reactor', 5);
    await handled.waitFor(5);
    const order: number[] = [];
    const ten = handled.waitFor(10).then(() => order.push(10));
    const seven = handled.waitFor(7).then(() => order.push(7));
    handled.advance(8);
    await seven;
    expect(order).toEqual([7]);
    handled.advance(3);
    expect(handled.current()).toBe(8);
    handled.advance(10);
    await ten;
    expect(order).toEqual([7, 10]);
  });

  it('rejects a wait that is not reached in time, naming the reactor and where it stands', async () => {
    const handled = handledPosition('test reactor', 2);
    await expect(handled.waitFor(9, 1)).rejects.toThrow('test reactor did not reach 9 within 1 ms (at 2)');
  });
});
