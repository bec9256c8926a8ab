import { Router } from 'express';
import type { SameShape } from '../../contracts/same-shape.ts';
import type { FooterHtmlAnswer, HeaderNavAnswer, NavItem } from '../../contracts/settings.ts';
import { settingValue } from '../../read-models/settings/queries.ts';
import { notFound } from '../core/errors.ts';
import type { AppDeps } from '../http/deps.ts';
import { newYorkDate } from '../../domain/market/trading-days.ts';
import { SETTING_KEYS } from './business-logic.ts';
import { defaultFooterHtml, defaultHeaderNav } from './defaults.ts';
import type { HeaderNav, NavItem as SavedNavItem } from './header-nav.ts';

/** The saved navigation is answered as it is: its item must be exactly the contract's. */
export const navItemIsTheContract: SameShape<SavedNavItem, NavItem> = true;

/**
 * The site settings every page reads (mounted at /api), public:
 * - `GET /settings/header_nav` -> {items}: the owner's navigation, else the default (defaults.ts);
 * - `GET /settings/footer_html` -> {html}: the owner's footer, else the copyright line (New York year
 *   of the request clock) and the investment disclaimer.
 * Other keys are not public: 404.
 */
export function settingsRouter(deps: AppDeps): Router {
  const router = Router();

  router.get('/settings/:key', async (req, res) => {
    const key = String(req.params['key']);
    switch (key) {
      case SETTING_KEYS.headerNav: {
        const saved = (await settingValue(deps.readModels, key)) as HeaderNav | undefined;
        res.json({ items: (saved ?? defaultHeaderNav()).items } satisfies HeaderNavAnswer);
        return;
      }
      case SETTING_KEYS.footerHtml: {
        const saved = (await settingValue(deps.readModels, key)) as string | undefined;
        res.json({ html: saved ?? defaultFooterHtml(Number(newYorkDate(deps.now().toISOString()).slice(0, 4))) } satisfies FooterHtmlAnswer);
        return;
      }
      default:
        throw notFound('Setting not found');
    }
  });

  return router;
}
