import { describe, expect, it } from 'vitest';
import { newestPerGame, playerToSave } from './saved-players';

describe('playerToSave', () => {
  it('remembers a game order’s UID, zone and given name', () => {
    expect(
      playerToSave({ product_id: 'P1', player_uid: '12345678', player_zone: '2201', player_name: ' Rafi ' }),
    ).toEqual({ productId: 'P1', uid: '12345678', zone: '2201', name: 'Rafi' });
    expect(playerToSave({ product_id: 'P1', player_uid: '12345678', player_name: null })).toEqual({
      productId: 'P1',
      uid: '12345678',
      zone: '',
      name: null,
    });
  });

  it('remembers nothing for a gift card or a reseller’s API order', () => {
    expect(playerToSave({ product_id: 'P1', player_uid: '' })).toBeUndefined();
    expect(playerToSave({ product_id: 'P1', player_uid: '12345678', reseller_id: 'u1' })).toBeUndefined();
    expect(playerToSave({ player_uid: '12345678' })).toBeUndefined();
  });
});

describe('newestPerGame', () => {
  const at = (product_id: string, minute: number) => ({
    product_id,
    last_used_at: `2026-11-27T10:${String(minute).padStart(2, '0')}:00.000Z`,
  });

  it('keeps the newest few of each game, newest first, and forgets the rest', () => {
    const players = [at('A', 1), at('A', 5), at('B', 2), at('A', 3), at('A', 4), at('B', 9)];
    const { keep, forget } = newestPerGame(players, 3);
    expect(keep).toEqual([at('B', 9), at('A', 5), at('A', 4), at('A', 3), at('B', 2)]);
    expect(forget).toEqual([at('A', 1)]);
  });

  it('keeps everything under the limit', () => {
    expect(newestPerGame([at('A', 1)], 5)).toEqual({ keep: [at('A', 1)], forget: [] });
  });
});
