import { z } from 'zod';
import { EtfListItem } from './market.ts';

/** The signed-in user's favorite ETFs (`/api/user/favorites`). */

export const NewFavorite = z.object({ etfId: z.string() });
export type NewFavorite = z.infer<typeof NewFavorite>;

/** A favorite (`{ id, etfId, etf }`): the ETF nested as its list item, null when the market read side does not know it. */
export const Favorite = z.object({
  id: z.string(),
  etfId: z.string(),
  etf: EtfListItem.nullable(),
});
export type Favorite = z.infer<typeof Favorite>;
