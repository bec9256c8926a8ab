import { serverMessage } from '../api/base-api.ts';
import { useAddFavoriteMutation, useRemoveFavoriteMutation } from '../api/holdings-api.ts';
import type { EtfListItem } from '../../../contracts/market.ts';
import { useToast } from './ui/toast.tsx';

/**
 * Adding and removing a favorite, and saying how it went in a toast: "Added to favorites" /
 * "Removed from favorites", or the destructive "Failed to add favorite" / "Failed to remove
 * favorite" with the server's message (the free plan's limit of 5 among them). The list updates
 * optimistically (holdings-api.ts) and is put back when the server refuses. Used by the detail page's
 * Favorite button, Find ETFs' star and the Favorites tab.
 */
export function useFavoriteActions() {
  const [addFavorite] = useAddFavoriteMutation();
  const [removeFavorite, { isLoading: removing }] = useRemoveFavoriteMutation();
  const { toast } = useToast();

  async function add(etf: EtfListItem): Promise<void> {
    try {
      await addFavorite({ etfId: etf.id, etf }).unwrap();
      toast({ title: 'Added to favorites', description: `${etf.ticker} was added to your favorites.` });
    } catch (error) {
      toast({ title: 'Failed to add favorite', description: serverMessage(error), variant: 'destructive' });
    }
  }

  async function remove(etfId: string, ticker: string): Promise<void> {
    try {
      await removeFavorite({ etfId }).unwrap();
      toast({ title: 'Removed from favorites', description: `${ticker} was removed from your favorites.` });
    } catch (error) {
      toast({ title: 'Failed to remove favorite', description: serverMessage(error), variant: 'destructive' });
    }
  }

  /** Favorite ↔ not, from what the list says now. */
  function toggle(etf: EtfListItem, isFavorite: boolean): Promise<void> {
    return isFavorite ? remove(etf.id, etf.ticker) : add(etf);
  }

  return { add, remove, toggle, removing };
}
