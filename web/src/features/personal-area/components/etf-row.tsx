import { useId, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { styled } from 'styled-components';
import type { EtfListItem } from '../../../../../contracts/market.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { slugOf } from '../../../lib/brand.ts';
import { paths } from '../../../lib/paths.ts';
import { theme } from '../../../styles/theme.ts';

export function etfHref(etf: EtfListItem): string {
  return paths.etf(slugOf(etf), etf.ticker);
}

interface EtfRowProps {
  etf: EtfListItem;
  /** Buttons on the right (favorite toggle, remove…). */
  actions: ReactNode;
  /** Held already: an "In Portfolio" badge instead of the "Add to Portfolio" button. */
  held: boolean;
  onAdd: (etf: EtfListItem) => void;
  extraLink?: boolean;
}

/**
 * One fund in the Favorites and Find ETFs lists: ticker (a link to its page), brand, name, price,
 * actions. A click elsewhere on the row opens the fund's page too (a pointer shortcut; the ticker
 * link is the keyboard way).
 */
export function EtfRow({ etf, actions, held, onAdd, extraLink = false }: EtfRowProps) {
  const tickerId = useId();
  const href = etfHref(etf);
  const navigate = useNavigate();
  function open(event: MouseEvent) {
    if ((event.target as HTMLElement).closest('a, button')) return;
    navigate(href);
  }
  return (
    <Row data-testid="etf-row" onClick={open}>
      <Main>
        <TitleLine>
          <TickerLink id={tickerId} to={href}>
            {etf.ticker}
          </TickerLink>
          {etf.brand ? <Badge $tone="neutral">{etf.brand}</Badge> : null}
        </TitleLine>
        <Name>{etf.name}</Name>
      </Main>
      <Price>
        <span>Price</span>
        <strong>{formatPrice(etf.currentPrice)}</strong>
      </Price>
      <Actions>
        {extraLink ? (
          <DetailLink to={href} aria-describedby={tickerId}>
            View Details
          </DetailLink>
        ) : null}
        {held ? (
          <Badge $tone="accent">In Portfolio</Badge>
        ) : (
          <Button $size="sm" $variant="outline" aria-describedby={tickerId} onClick={() => onAdd(etf)}>
            Add to Portfolio
          </Button>
        )}
        {actions}
      </Actions>
    </Row>
  );
}

export const RowList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Row = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  grid-template-areas: 'main price' 'actions actions';
  align-items: center;
  gap: 10px 16px;
  padding: 12px 14px;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  cursor: pointer;
  &:hover {
    border-color: ${theme.colors.borderStrong};
    background: ${theme.colors.background};
  }
  @media (min-width: ${theme.breakpoints.md}px) {
    grid-template-columns: minmax(0, 1fr) 110px auto;
    grid-template-areas: 'main price actions';
  }
`;

const Main = styled.div`
  grid-area: main;
  min-width: 0;
`;

const TitleLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;

const TickerLink = styled(Link)`
  font-weight: 800;
  font-size: ${theme.fontSizes.md};
  color: ${theme.colors.textPrimary};
  text-decoration: none;
  &:hover {
    color: ${theme.colors.accent};
    text-decoration: underline;
  }
`;

const Name = styled.p`
  margin-top: 2px;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Price = styled.div`
  grid-area: price;
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  & span {
    color: ${theme.colors.textSecondary};
    font-size: ${theme.fontSizes.xs};
  }
  & strong {
    font-variant-numeric: tabular-nums;
  }
`;

const Actions = styled.div`
  grid-area: actions;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: 8px;
`;

const DetailLink = styled(Link)`
  font-size: ${theme.fontSizes.sm};
  font-weight: 600;
  padding: 6px 4px;
  /* Phones: no room beside the buttons; the ticker (and the row) lead to the page. */
  @media (max-width: ${theme.breakpoints.sm - 0.02}px) {
    display: none;
  }
`;
