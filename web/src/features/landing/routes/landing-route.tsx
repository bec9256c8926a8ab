import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { BrandSection } from '../components/brand-section.tsx';
import { Calculators } from '../components/calculators.tsx';
import { CtaBand } from '../components/cta-band.tsx';
import { FeaturesSection } from '../components/features-section.tsx';
import { Hero } from '../components/hero.tsx';
import { TopPerformers } from '../components/top-performers.tsx';

/** `/`: hero, brands, top performers, calculators, features, call to action. */
export function LandingRoute() {
  useDocumentTitle('Weekly Dividend ETF Tracker');
  return (
    <>
      <Hero />
      <BrandSection />
      <TopPerformers />
      <Calculators />
      <FeaturesSection />
      <CtaBand />
    </>
  );
}
