import { Suspense } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { BrandSection } from '../components/brand-section.tsx';
import { Calculators } from '../components/calculators.tsx';
import { CtaBand } from '../components/cta-band.tsx';
import { FeaturesSection } from '../components/features-section.tsx';
import { Hero } from '../components/hero.tsx';
import { TopPerformers } from '../components/top-performers.tsx';

/**
 * `/`: hero, brands, top performers, calculators, features, call to action. Each section is its own
 * Suspense boundary: on a server-rendered page React hydrates and commits them one by one, in tasks of
 * their own, instead of the whole page in one long task (nothing suspends here; no fallback is shown).
 */
export function LandingRoute() {
  useDocumentTitle('Weekly Dividend ETF Tracker');
  return (
    <>
      <Hero />
      <Suspense fallback={null}>
        <BrandSection />
      </Suspense>
      <Suspense fallback={null}>
        <TopPerformers />
      </Suspense>
      <Suspense fallback={null}>
        <Calculators />
      </Suspense>
      <Suspense fallback={null}>
        <FeaturesSection />
        <CtaBand />
      </Suspense>
    </>
  );
}
