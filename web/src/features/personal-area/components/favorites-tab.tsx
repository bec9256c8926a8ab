import { styled } from 'styled-components';
import type { Favorite } from '../../../../../contracts/favorites.ts';
import type { EtfListItem } from '../../../../../contracts/market.ts';
import { DemoDataNotice } from '../../../components/demo-data-notice.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useFavoriteActions } from '../../../components/use-favorite-actions.ts';
import { EtfRow, RowList } from './etf-row.tsx';
import { Empty } from './holdings-list.tsx';
import { RemoveButton } from './remove-button.tsx';
import { theme } from '../../../styles/theme.ts';

interface Props {
  favorites: readonly Favorite[] | undefined;
  isLoading: boolean;
  isError: boolean;
  heldEtfIds: ReadonlySet<string>;
  onAdd: (etf: EtfListItem) => void;
}

/** "My Favorites": ticker, brand, name, price, link to the page, remove, "Add to Portfolio" if not held. */
export function FavoritesTab({ favorites, isLoading, isError, heldEtfIds, onAdd }: Props) {
  return (
    <Card aria-labelledby="favorites-title">
      <CardTitle as="h2" id="favorites-title">
        My Favorites
      </CardTitle>
      <DemoDataNotice show={Boolean(favorites?.some((f) => f.etf?.isDemo))} />
      {isLoading ? (
        <Loading aria-busy="true">
          <Skeleton $height="64px" />
          <Skeleton $height="64px" />
        </Loading>
      ) : isError ? (
        <Empty role="alert">Failed to load your favorites. Please try again later.</Empty>
      ) : !favorites || favorites.length === 0 ? (
        <Empty>No favorites yet. Add some from the Find ETFs tab!</Empty>
      ) : (
        <RowList>
          {favorites.map((f) => (
            <FavoriteRow key={f.etfId} favorite={f} held={heldEtfIds.has(f.etfId)} onAdd={onAdd} />
          ))}
        </RowList>
      )}
    </Card>
  );
}

function FavoriteRow({ favorite, held, onAdd }: { favorite: Favorite; held: boolean; onAdd: (etf: EtfListItem) => void }) {
  const { remove: removeFavorite, removing: isLoading } = useFavoriteActions();
  const ticker = favorite.etf?.ticker ?? 'this ETF';
  const remove = () => removeFavorite(favorite.etfId, ticker);

  const removeButton = <RemoveButton label={`Remove ${ticker} from favorites`} onClick={remove} disabled={isLoading} />;
  if (!favorite.etf) {
    // The market side no longer knows the fund: it can only be removed.
    return (
      <Gone data-testid="etf-row">
        <span>This ETF is no longer listed.</span>
        {removeButton}
      </Gone>
    );
  }
  return <EtfRow etf={favorite.etf} held={held} onAdd={onAdd} actions={removeButton} extraLink />;
}

const Loading = styled.div`
  display: grid;
  gap: 8px;
`;

const Gone = styled.li`
  display: flex;
  justify-content: space-between;
  align-items: center;
  padding: 12px 14px;
  border: 1px dashed ${theme.colors.border};
  border-radius: ${theme.radii.md};
  color: ${theme.colors.textSecondary};
`;
