import { styled } from 'styled-components';
import { brandPalette as c } from '../styles/palette.ts';

/**
 * Issuer logos (the four brands the site shows logos for: Roundhill, Granite, YieldMax, Defiance): drawn marks, not the issuers'
 * artwork (no third-party images; the CSP allows only our origin). Other brands get a monogram.
 */
const BRANDS: Record<string, { bg: string; fg: string; mark: string }> = {
  roundhill: { bg: c.roundhill, fg: c.mark, mark: 'R' },
  granite: { bg: c.granite, fg: c.mark, mark: 'G' },
  graniteshares: { bg: c.granite, fg: c.mark, mark: 'G' },
  yieldmax: { bg: c.yieldmax, fg: c.mark, mark: 'Y' },
  defiance: { bg: c.defiance, fg: c.mark, mark: 'D' },
  rex: { bg: c.rex, fg: c.mark, mark: 'R' },
  nicholas: { bg: c.nicholas, fg: c.mark, mark: 'N' },
};

function brandKey(brand: string): string {
  const first = brand.trim().toLowerCase().split(/[\s-]+/)[0] ?? '';
  return first.replace(/[^a-z]/g, '');
}

export function BrandLogo({ brand, size = 40 }: { brand: string; size?: number }) {
  const style = BRANDS[brandKey(brand)] ?? { bg: c.other, fg: c.mark, mark: (brand.trim()[0] ?? '?').toUpperCase() };
  return (
    <Svg width={size} height={size} viewBox="0 0 40 40" role="img" aria-label={`${brand} logo`}>
      <rect width="40" height="40" rx="10" fill={style.bg} />
      <circle cx="31" cy="9" r="3" fill={style.fg} opacity="0.55" />
      <text x="20" y="27" textAnchor="middle" fontSize="20" fontWeight="800" fill={style.fg} fontFamily="system-ui, sans-serif">
        {style.mark}
      </text>
    </Svg>
  );
}

const Svg = styled.svg`
  flex: none;
  display: block;
`;
