import type { RouteObject } from 'react-router-dom';
import { LandingRoute } from './routes/landing-route.tsx';

/** The landing page is in the entry chunk (it is the first screen most visitors see). */
export const routes: RouteObject[] = [{ index: true, Component: LandingRoute }];
