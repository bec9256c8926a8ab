import { styled } from 'styled-components';
import type { Issuer } from '../../../contracts/declarations.ts';
import type { DistributionOrigin } from '../../../contracts/market.ts';
import { SOURCE_LABELS, declaredByText, issuerDeclarationOf, type IssuerDeclaration } from '../lib/distribution-source.ts';
import { theme } from '../styles/theme.ts';

/**
 * "Declared by YieldMax, Oct 14, 2025, 9:05 AM ET": a link to the issuer's release, opened in a new tab
 * (the fund page, both calendars). `about` names the payout for screen readers where several such links
 * sit side by side (a calendar day): "… (ULTY's release)". The issuer is the declaration's own; `issuer`
 * (the fund's) only for a declaration recorded before its issuer was kept.
 */
export function DeclaredBy({ declaration, issuer, about }: { declaration: IssuerDeclaration; issuer: Issuer | null; about?: string }) {
  const text = declaredByText(declaration.issuer ?? issuer, declaration.declaredAt);
  return (
    <ReleaseLink href={declaration.url} target="_blank" rel="noopener noreferrer" aria-label={about ? `${text} (${about}'s release)` : undefined} data-testid="declared-by">
      {text}
    </ReleaseLink>
  );
}

/**
 * Where a distribution comes from, discreetly (the fund page's dividend history): the issuer's release
 * as above, else "Set by the site owner", "Provider data" or "Demo data".
 */
export function DistributionSourceLabel({ entry, issuer }: { entry: Pick<DistributionOrigin, 'source' | 'issuer' | 'sourceUrl' | 'declaredAt'> & { estimated: boolean }; issuer: Issuer | null }) {
  const declaration = issuerDeclarationOf(entry);
  if (declaration) return <DeclaredBy declaration={declaration} issuer={issuer} />;
  return <Quiet data-testid="distribution-source">{SOURCE_LABELS[entry.source]}</Quiet>;
}

const ReleaseLink = styled.a`
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.xs};
  text-decoration: underline;
  text-underline-offset: 2px;
  overflow-wrap: anywhere;
  &:hover { color: ${theme.colors.accent}; }
`;

const Quiet = styled.span`
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.xs};
`;
