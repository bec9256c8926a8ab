import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { EtfListItem } from './market.ts';

/** The signed-in user's favorite ETFs (`/api/user/favorites`). */

export const newFavoriteMessages = { etfIdText: 'ETF id must be text', required: 'Required' } as const;

/** `POST /api/user/favorites`. */
export const NewFavorite = z.object({ etfId: z.string({ error: newFavoriteMessages.etfIdText }).trim().min(1, newFavoriteMessages.required) });
export type NewFavorite = z.input<typeof NewFavorite>;

/** A favorite (`{ id, etfId, etf }`): the ETF nested as its list item, null when the market read side does not know it. */
export const Favorite = z.object({
  id: z.string(),
  etfId: z.string(),
  etf: EtfListItem.nullable(),
});
export type Favorite = z.infer<typeof Favorite>;

// ---------------------------------------------------------------------------------------------------
// Endpoints (another user's favorites are simply not there: 404, never 403)

const tags = ['Favorites'];
const etfId = z.object({ etfId: z.string().describe('The fund id (uuid).') });

export const getFavorites = endpoint({
  method: 'get',
  path: '/api/user/favorites',
  access: 'user',
  tokenReadable: true,
  summary: 'Favorites in the order added.',
  tags,
  responses: { 200: { description: 'The favorites.', json: z.array(Favorite) } },
  errors: [],
  reads: ['favorites', 'market'],
});

export const getFavorite = endpoint({
  method: 'get',
  path: '/api/user/favorites/:etfId',
  access: 'user',
  tokenReadable: true,
  summary: 'The favorite of one ETF.',
  tags,
  params: etfId,
  responses: { 200: { description: 'The favorite.', json: Favorite } },
  errors: [404],
  reads: ['favorites', 'market'],
});

export const addFavorite = endpoint({
  method: 'post',
  path: '/api/user/favorites',
  access: 'user',
  summary: 'Add a favorite (the free plan keeps five).',
  tags,
  body: NewFavorite,
  responses: {
    201: { description: 'The new favorite.', json: Favorite },
    200: { description: 'It was a favorite already (nothing written).', json: Favorite },
  },
  errors: [400, 403, 404, 412],
  waitsFor: 'all',
});

export const removeFavorite = endpoint({
  method: 'delete',
  path: '/api/user/favorites/:etfId',
  access: 'user',
  summary: 'Remove a favorite.',
  tags,
  params: etfId,
  responses: { 204: { description: 'Removed.' } },
  errors: [404, 412],
  waitsFor: 'all',
});
