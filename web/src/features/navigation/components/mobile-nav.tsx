import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { styled, css } from 'styled-components';
import { paths } from '../../../lib/paths.ts';
import type { NavDropdown, NavEntry, NavNode } from '../nav-model.ts';
import { Chevron } from './desktop-nav.tsx';
import { NavTarget } from './nav-target.tsx';
import { theme } from '../../../styles/theme.ts';

interface MobileNavProps {
  id: string;
  nodes: NavNode[];
  /** Called when a link is followed (the header closes the menu). */
  onNavigate: () => void;
  /** The account buttons at the bottom of the panel. */
  actions: ReactNode;
}

/** The collapsible phone menu: items with expandable dropdown sections, Pricing, account actions. */
export function MobileNav({ id, nodes, onNavigate, actions }: MobileNavProps) {
  return (
    <Panel id={id} aria-label="Main">
      <List>
        {nodes.map((node, i) => (
          <li key={i}>
            <MobileNode node={node} onNavigate={onNavigate} />
          </li>
        ))}
        <li>
          <ItemLink as={Link} to={paths.pricing} onClick={onNavigate}>
            Pricing
          </ItemLink>
        </li>
      </List>
      <Actions>{actions}</Actions>
    </Panel>
  );
}

function MobileNode({ node, onNavigate }: { node: NavNode; onNavigate: () => void }) {
  switch (node.kind) {
    case 'link':
      return (
        <ItemLink as={NavTarget} path={node.path} linkKind={node.linkKind} onClick={onNavigate}>
          {node.label}
        </ItemLink>
      );
    case 'dropdown':
      return <Section node={node} onNavigate={onNavigate} />;
    case 'divider':
      return <Divider role="separator" />;
    case 'header':
      return <Header>{node.label}</Header>;
    default: {
      const never: never = node;
      return <>{String(never)}</>;
    }
  }
}

function Section({ node, onNavigate }: { node: NavDropdown; onNavigate: () => void }) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  return (
    <>
      <ItemButton type="button" aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded((e) => !e)}>
        {node.label}
        <Chevron $open={expanded} />
      </ItemButton>
      <SubList id={listId} hidden={!expanded}>
        {node.path && node.linkKind ? (
          <li>
            <SubLink as={NavTarget} path={node.path} linkKind={node.linkKind} onClick={onNavigate}>
              {node.label}
            </SubLink>
          </li>
        ) : null}
        {node.entries.map((entry, i) => (
          <li key={i}>
            <SubEntry entry={entry} onNavigate={onNavigate} />
          </li>
        ))}
      </SubList>
    </>
  );
}

function SubEntry({ entry, onNavigate }: { entry: NavEntry; onNavigate: () => void }) {
  switch (entry.kind) {
    case 'link':
      return (
        <SubLink as={NavTarget} path={entry.path} linkKind={entry.linkKind} onClick={onNavigate}>
          {entry.label}
        </SubLink>
      );
    case 'divider':
      return <Divider role="separator" />;
    case 'header':
      return <Header>{entry.label}</Header>;
    default: {
      const never: never = entry;
      return <>{String(never)}</>;
    }
  }
}

const Panel = styled.nav`
  border-top: 1px solid ${theme.colors.border};
  background: ${theme.colors.surface};
  padding: 8px 16px 16px;
  max-height: calc(100vh - 64px);
  overflow-y: auto;
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const item = css`
  display: flex;
  width: 100%;
  align-items: center;
  justify-content: space-between;
  padding: 12px 4px;
  border: 0;
  background: transparent;
  color: ${theme.colors.textPrimary};
  font-weight: 600;
  text-decoration: none;
  text-align: left;
  cursor: pointer;
`;

const ItemLink = styled.a`
  ${item}
`;
const ItemButton = styled.button`
  ${item}
`;

const SubList = styled.ul`
  list-style: none;
  margin: 0 0 8px;
  padding: 0 0 0 12px;
  border-left: 2px solid ${theme.colors.border};
  &[hidden] { display: none; }
`;

const SubLink = styled.a`
  display: block;
  padding: 10px 8px;
  color: ${theme.colors.textSecondary};
  text-decoration: none;
`;

const Divider = styled.hr`
  margin: 6px 0;
  border: 0;
  border-top: 1px solid ${theme.colors.border};
`;

const Header = styled.div`
  padding: 10px 4px 4px;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.xs};
  text-transform: uppercase;
  letter-spacing: 0.06em;
  font-weight: 700;
`;

const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding-top: 12px;
  margin-top: 8px;
  border-top: 1px solid ${theme.colors.border};
`;
