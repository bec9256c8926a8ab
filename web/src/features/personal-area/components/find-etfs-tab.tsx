import { useId, useMemo, useState } from 'react';
import { styled } from 'styled-components';
import { useGetEtfsQuery } from '../../../api/market-api.ts';
import type { EtfListItem } from '../../../../../contracts/market.ts';
import { DemoDataNotice, anyDemo } from '../../../components/demo-data-notice.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { VisuallyHidden } from '../../../components/ui/layout.tsx';
import { useFavoriteActions } from '../../../components/use-favorite-actions.ts';
import { searchEtfs } from '../search-etfs.ts';
import { EtfRow, RowList } from './etf-row.tsx';
import { Empty } from './holdings-list.tsx';
import { theme } from '../../../styles/theme.ts';

interface Props {
  favoriteEtfIds: ReadonlySet<string>;
  heldEtfIds: ReadonlySet<string>;
  onAdd: (etf: EtfListItem) => void;
}

/**
 * Find ETFs: a search box; a case-insensitive substring match on ticker or name, at most 10
 * results, each with a favorite toggle (optimistic) and "Add to Portfolio" if not held.
 */
export function FindEtfsTab({ favoriteEtfIds, heldEtfIds, onAdd }: Props) {
  const [query, setQuery] = useState('');
  const { data: etfs, isLoading, isError } = useGetEtfsQuery();
  const results = useMemo(() => searchEtfs(etfs ?? [], query), [etfs, query]);
  const searchId = useId();
  const searching = query.trim() !== '';

  return (
    <Card aria-labelledby="find-etfs-title">
      <CardTitle as="h2" id="find-etfs-title">
        Find ETFs
      </CardTitle>
      <DemoDataNotice show={searching && anyDemo(results)} />
      <VisuallyHidden as="label" htmlFor={searchId}>
        Search ETFs by ticker or name
      </VisuallyHidden>
      <SearchBox>
        <SearchIcon />
        <SearchInput id={searchId} type="search" placeholder="Search by ticker or name..." autoComplete="off" value={query} onChange={(e) => setQuery(e.target.value)} />
      </SearchBox>
      <Results aria-live="polite">
        {!searching ? (
          <Empty>Start typing to search ETFs</Empty>
        ) : isLoading ? (
          <Empty>Loading ETFs...</Empty>
        ) : isError ? (
          <Empty role="alert">Failed to load data</Empty>
        ) : results.length === 0 ? (
          <Empty>No ETFs found</Empty>
        ) : (
          <RowList aria-label="Search results">
            {results.map((etf) => (
              <EtfRow
                key={etf.id}
                etf={etf}
                held={heldEtfIds.has(etf.id)}
                onAdd={onAdd}
                actions={<FavoriteToggle etf={etf} isFavorite={favoriteEtfIds.has(etf.id)} />}
              />
            ))}
          </RowList>
        )}
      </Results>
    </Card>
  );
}

function FavoriteToggle({ etf, isFavorite }: { etf: EtfListItem; isFavorite: boolean }) {
  const { toggle: toggleFavorite } = useFavoriteActions();
  const toggle = () => toggleFavorite(etf, isFavorite);

  return (
    <StarButton type="button" aria-pressed={isFavorite} aria-label={`Favorite ${etf.ticker}`} title={isFavorite ? 'Remove from favorites' : 'Add to favorites'} onClick={toggle} $on={isFavorite}>
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z" strokeWidth="2" strokeLinejoin="round" />
      </svg>
    </StarButton>
  );
}

function SearchIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" />
    </svg>
  );
}

const SearchBox = styled.div`
  position: relative;
  display: flex;
  align-items: center;
  & > svg {
    position: absolute;
    left: 12px;
    color: ${theme.colors.textSecondary};
    pointer-events: none;
  }
`;

const SearchInput = styled(Input)`
  && {
    padding-left: 40px;
    min-height: 44px;
  }
`;

const Results = styled.div`
  margin-top: ${theme.space.md};
`;

const StarButton = styled.button<{ $on: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 40px;
  height: 40px;
  border-radius: ${theme.radii.md};
  border: 1px solid ${theme.colors.borderStrong};
  background: ${theme.colors.surface};
  cursor: pointer;
  & svg {
    stroke: ${({ $on }) => ($on ? theme.colors.rankGold : theme.colors.textSecondary)};
    fill: ${({ $on }) => ($on ? theme.colors.rankGold : 'none')};
  }
  &:hover {
    background: ${theme.colors.surfaceMuted};
  }
`;
