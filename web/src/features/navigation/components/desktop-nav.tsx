import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { styled, css } from 'styled-components';
import { paths } from '../../../lib/paths.ts';
import type { NavDropdown, NavEntry, NavNode } from '../nav-model.ts';
import { NavTarget } from './nav-target.tsx';
import { theme } from '../../../styles/theme.ts';

/** Dropdowns open on hover and close this long after the pointer leaves them. */
export const DROPDOWN_CLOSE_DELAY_MS = 200;

/** The desktop navigation: the owner's items, then the fixed Pricing link. */
export function DesktopNav({ nodes }: { nodes: NavNode[] }) {
  return (
    <NavList>
      {nodes.map((node, i) => (
        <li key={i}>{renderTopNode(node)}</li>
      ))}
      <li>
        <TopLink as={Link} to={paths.pricing}>
          Pricing
        </TopLink>
      </li>
    </NavList>
  );
}

function renderTopNode(node: NavNode) {
  switch (node.kind) {
    case 'link':
      return (
        <TopLink as={NavTarget} path={node.path} linkKind={node.linkKind}>
          {node.label}
        </TopLink>
      );
    case 'dropdown':
      return <Dropdown node={node} />;
    case 'divider':
      return <TopDivider role="separator" aria-orientation="vertical" />;
    case 'header':
      return <TopHeader>{node.label}</TopHeader>;
    default: {
      const never: never = node;
      return String(never);
    }
  }
}

/** Opens on hover (closing 200 ms after leaving), on click and with the keyboard; Escape closes. */
export function Dropdown({ node }: { node: NavDropdown }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const menuId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);

  const cancelClose = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const scheduleClose = () => {
    cancelClose();
    timer.current = setTimeout(() => setOpen(false), DROPDOWN_CLOSE_DELAY_MS);
  };
  useEffect(() => cancelClose, []);

  return (
    <DropdownWrapper
      ref={wrapperRef}
      onMouseEnter={() => {
        cancelClose();
        setOpen(true);
      }}
      onMouseLeave={scheduleClose}
      onBlur={(event) => {
        if (!wrapperRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          triggerRef.current?.focus();
        }
      }}
    >
      <TopButton ref={triggerRef} type="button" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((o) => !o)}>
        {node.label}
        <Chevron $open={open} />
      </TopButton>
      <Menu id={menuId} hidden={!open} data-open={open}>
        {node.path && node.linkKind ? (
          <MenuLink as={NavTarget} path={node.path} linkKind={node.linkKind} onClick={() => setOpen(false)}>
            {node.label}
          </MenuLink>
        ) : null}
        {node.entries.map((entry, i) => (
          <MenuEntry key={i} entry={entry} onNavigate={() => setOpen(false)} />
        ))}
      </Menu>
    </DropdownWrapper>
  );
}

function MenuEntry({ entry, onNavigate }: { entry: NavEntry; onNavigate: () => void }) {
  switch (entry.kind) {
    case 'link':
      return (
        <MenuLink as={NavTarget} path={entry.path} linkKind={entry.linkKind} onClick={onNavigate}>
          {entry.label}
        </MenuLink>
      );
    case 'divider':
      return <MenuDivider role="separator" />;
    case 'header':
      return <MenuHeader>{entry.label}</MenuHeader>;
    default: {
      const never: never = entry;
      return <>{String(never)}</>;
    }
  }
}

export function Chevron({ $open }: { $open: boolean }) {
  return (
    <ChevronSvg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" $open={$open}>
      <path d="M2.5 4.5L6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </ChevronSvg>
  );
}

const ChevronSvg = styled.svg<{ $open: boolean }>`
  transition: transform 150ms ease;
  transform: rotate(${({ $open }) => ($open ? '180deg' : '0deg')});
`;

const NavList = styled.ul`
  display: flex;
  align-items: center;
  gap: 2px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const topItem = css`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 8px 10px;
  border: 0;
  border-radius: ${theme.radii.md};
  background: transparent;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
  white-space: nowrap;
  &:hover {
    color: ${theme.colors.textPrimary};
    background: ${theme.colors.surfaceMuted};
  }
`;

const TopLink = styled.a`
  ${topItem}
`;
const TopButton = styled.button`
  ${topItem}
`;
const TopDivider = styled.span`
  display: block;
  width: 1px;
  height: 20px;
  margin: 0 6px;
  background: ${theme.colors.border};
`;
const TopHeader = styled.span`
  padding: 0 6px;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.xs};
  text-transform: uppercase;
  letter-spacing: 0.06em;
  font-weight: 700;
`;

const DropdownWrapper = styled.div`
  position: relative;
`;

const Menu = styled.div`
  position: absolute;
  top: calc(100% + 4px);
  left: 0;
  z-index: ${theme.zIndices.dropdown};
  min-width: 220px;
  padding: 6px;
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  box-shadow: ${theme.shadows.popover};
  &[hidden] { display: none; }
`;

const MenuLink = styled.a`
  display: block;
  padding: 8px 10px;
  border-radius: ${theme.radii.sm};
  color: ${theme.colors.textPrimary};
  font-size: ${theme.fontSizes.sm};
  text-decoration: none;
  &:hover, &:focus-visible {
    background: ${theme.colors.surfaceMuted};
  }
`;

const MenuDivider = styled.hr`
  margin: 6px 0;
  border: 0;
  border-top: 1px solid ${theme.colors.border};
`;

const MenuHeader = styled.div`
  padding: 8px 10px 4px;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.xs};
  text-transform: uppercase;
  letter-spacing: 0.06em;
  font-weight: 700;
`;
