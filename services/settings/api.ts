import type { AdminSetting } from '../../contracts/content.ts';
import type { SameShape } from '../../contracts/same-shape.ts';
import { getAdminSettings, getSetting, saveFooterHtml, saveHeaderNav, saveSetting, type NavItem } from '../../contracts/settings.ts';
import { newYorkDate } from '../../domain/market/trading-days.ts';
import { allSettings, settingDoc, settingValue } from '../../read-models/settings/queries.ts';
import type { SettingDoc } from '../../read-models/settings/projection.ts';
import type { CommandContext } from '../core/decider.ts';
import { AppError, notFound } from '../core/errors.ts';
import { apiModule, handle } from '../http/endpoints.ts';
import { SETTING_KEYS } from './business-logic.ts';
import { changeSetting } from './commands.ts';
import { defaultFooterHtml, defaultHeaderNav } from './defaults.ts';
import type { HeaderNav, NavItem as SavedNavItem } from './header-nav.ts';

/** The saved navigation is answered as it is: its item must be exactly the contract's. */
export const navItemIsTheContract: SameShape<SavedNavItem, NavItem> = true;

/** Renames the decider's `value...` field errors after the request's field. */
function renamed(error: unknown, field: string): unknown {
  if (!(error instanceof AppError) || !error.fieldErrors) return error;
  const fieldErrors = Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k.replace(/^value(?=\.|$)/, field), v]));
  return new AppError(error.status, error.message, { fieldErrors });
}

const adminSetting = (doc: SettingDoc): AdminSetting => ({ key: doc._id, value: doc.value as AdminSetting['value'], updatedAt: doc.changedAt });

/**
 * The site settings (definitions in contracts/settings.ts).
 *
 * Public, every page reads them:
 * - `GET /api/settings/header_nav` -> {items}: the owner's navigation, else the default (defaults.ts);
 * - `GET /api/settings/footer_html` -> {html}: the owner's footer, else the copyright line (New York
 *   year of the request clock) and the investment disclaimer.
 * Other keys are not public: 404.
 *
 * The owner's (behind the owner guard):
 * - `PUT /api/admin/settings/footer_html` {html}: sanitised, saved; answers the stored setting;
 * - `PUT /api/admin/settings/header_nav` {nav}: `{items}` (or the items list itself), validated; answers it;
 * - `POST /api/admin/settings` {key, value}: any key (footer_html and header_nav go through the same rules);
 * - `GET /api/admin/settings`: every saved setting, by key.
 * Field errors of the value are named after the request's field (`html`, `nav.items.2.path`, `value`).
 */
export const settingsApi = apiModule('settings', (deps) => {
  /** Saves one setting and answers it as the read model now has it. */
  async function save(key: string, value: unknown, field: string, ctx: CommandContext, waitFor: (position: number) => Promise<void>): Promise<AdminSetting> {
    let position: number;
    try {
      position = await changeSetting(deps.log, key, value, ctx);
    } catch (error) {
      throw renamed(error, field);
    }
    await waitFor(position);
    const doc = await settingDoc(deps.readModels, key);
    if (!doc) throw new Error(`setting ${key} is not in the read model after its save`);
    return adminSetting(doc);
  }

  return [
    handle(getSetting, async ({ params }) => {
      switch (params.key) {
        case SETTING_KEYS.headerNav: {
          const saved = (await settingValue(deps.readModels, params.key)) as HeaderNav | undefined;
          return { items: (saved ?? defaultHeaderNav()).items };
        }
        case SETTING_KEYS.footerHtml: {
          const saved = (await settingValue(deps.readModels, params.key)) as string | undefined;
          return { html: saved ?? defaultFooterHtml(Number(newYorkDate(deps.now().toISOString()).slice(0, 4))) };
        }
        default:
          throw notFound('Setting not found');
      }
    }),

    handle(getAdminSettings, async () => (await allSettings(deps.readModels)).map(adminSetting)),

    handle(saveFooterHtml, ({ body }, call) => save(SETTING_KEYS.footerHtml, body.html, 'html', call.context(), call.waitFor)),

    handle(saveHeaderNav, ({ body }, call) => save(SETTING_KEYS.headerNav, Array.isArray(body.nav) ? { items: body.nav } : body.nav, 'nav', call.context(), call.waitFor)),

    handle(saveSetting, ({ body }, call) => save(body.key, body.value, 'value', call.context(), call.waitFor)),
  ];
});
