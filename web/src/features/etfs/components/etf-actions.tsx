import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { styled } from 'styled-components';
import { useGetFavoritesQuery, useGetPortfolioQuery } from '../../../api/holdings-api.ts';
import type { EtfListItem } from '../../../../../contracts/market.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useFavoriteActions } from '../../../components/use-favorite-actions.ts';
import { paths } from '../../../lib/paths.ts';
import { useCurrentUser } from '../../../lib/session/use-current-user.ts';
import { AddToPortfolioModal } from './add-to-portfolio-modal.tsx';
import { theme } from '../../../styles/theme.ts';

/**
 * "Save to Portfolio" (→ "In Portfolio", disabled, once held) and "Favorite" / "Favorited"
 * (optimistic). Signed out, both go to /login.
 */
export function EtfActions({ etf }: { etf: EtfListItem }) {
  // Until GET /api/user answers nobody knows who is signed in: the buttons wait (a click then would send
  // a signed-in user to /login).
  const { user, isLoading: sessionLoading } = useCurrentUser();
  const navigate = useNavigate();
  const favoriteActions = useFavoriteActions();
  const { data: favorites } = useGetFavoritesQuery(undefined, { skip: !user });
  const { data: holdings } = useGetPortfolioQuery(undefined, { skip: !user });
  const [modalOpen, setModalOpen] = useState(false);

  const isFavorite = Boolean(user && favorites?.some((f) => f.etfId === etf.id));
  const isHeld = Boolean(user && holdings?.some((h) => h.etfId === etf.id));

  async function toggleFavorite() {
    if (!user) return navigate(paths.login);
    await favoriteActions.toggle(etf, isFavorite);
  }

  function openModal() {
    if (!user) return navigate(paths.login);
    setModalOpen(true);
  }

  return (
    <Row>
      <Button onClick={openModal} disabled={isHeld || sessionLoading} aria-busy={sessionLoading || undefined} $variant={isHeld ? 'secondary' : 'primary'}>
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
          {isHeld ? (
            <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          ) : (
            <path d="M8 3v10M3 8h10" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          )}
        </svg>
        {isHeld ? 'In Portfolio' : 'Save to Portfolio'}
      </Button>
      <Button $variant="outline" onClick={toggleFavorite} disabled={sessionLoading} aria-busy={sessionLoading || undefined} aria-pressed={isFavorite}>
        <Star $filled={isFavorite} />
        {isFavorite ? 'Favorited' : 'Favorite'}
      </Button>
      {user ? <AddToPortfolioModal open={modalOpen} onClose={() => setModalOpen(false)} etf={etf} /> : null}
    </Row>
  );
}

function Star({ $filled }: { $filled: boolean }) {
  return (
    <StarSvg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" $filled={$filled}>
      <path d="M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z" strokeWidth="2" strokeLinejoin="round" />
    </StarSvg>
  );
}

const StarSvg = styled.svg<{ $filled: boolean }>`
  stroke: ${({ $filled }) => ($filled ? theme.colors.rankGold : 'currentColor')};
  fill: ${({ $filled }) => ($filled ? theme.colors.rankGold : 'none')};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;
