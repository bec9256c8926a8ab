import { Router } from 'express';
import { z } from 'zod';
import type { AdminSetting } from '../../contracts/content.ts';
import { allSettings, settingDoc } from '../../read-models/settings/queries.ts';
import { AppError } from '../core/errors.ts';
import { actors, commandContext } from '../http/context.ts';
import type { AppDeps } from '../http/deps.ts';
import { authOf } from '../http/session.ts';
import { validate } from '../http/validation.ts';
import { SETTING_KEYS } from './business-logic.ts';
import { changeSetting } from './commands.ts';

/**
 * The owner's site settings (mounted at /api/admin, behind the owner guard):
 * - `PUT /settings/footer_html` {html}: sanitised, saved; answers the stored setting;
 * - `PUT /settings/header_nav` {nav}: `{items}` (or the items list itself), validated; answers it;
 * - `POST /settings` {key, value}: any key (footer_html and header_nav go through the same rules);
 * - `GET /settings`: every saved setting, by key.
 * Field errors of the value are named after the request's field (`html`, `nav.items.2.path`, `value`).
 */
export const footerWriteSchema = z.object({ html: z.string({ error: 'html must be text' }) });
/** A field that must be present (not null); its shape is the decider's to check. */
const present = (check?: (value: unknown) => boolean, message = '') =>
  z.unknown().superRefine((value, ctx) => {
    if (value === undefined || value === null) ctx.addIssue({ code: 'custom', message: 'Required' });
    else if (check && !check(value)) ctx.addIssue({ code: 'custom', message });
  });

export const headerNavWriteSchema = z.object({ nav: present((v) => typeof v === 'object', 'nav must be an object with items') });
export const settingWriteSchema = z.object({
  key: z.string({ error: 'key must be text' }).trim().min(1, 'key is required'),
  value: present(),
});

/** Renames the decider's `value...` field errors after the request's field. */
function renamed(error: unknown, field: string): unknown {
  if (!(error instanceof AppError) || !error.fieldErrors) return error;
  const fieldErrors = Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k.replace(/^value(?=\.|$)/, field), v]));
  return new AppError(error.status, error.message, { fieldErrors });
}

export function settingsAdminRouter(deps: AppDeps): Router {
  const router = Router();

  async function save(req: Parameters<Parameters<Router['post']>[1]>[0], res: Parameters<Parameters<Router['post']>[1]>[1], key: string, value: unknown, field: string) {
    const ctx = commandContext(req, deps, actors.user(authOf(res).user._id));
    let position: number;
    try {
      position = await changeSetting(deps.log, key, value, ctx);
    } catch (error) {
      throw renamed(error, field);
    }
    await deps.readModels.waitFor(position);
    const doc = await settingDoc(deps.readModels, key);
    if (!doc) throw new Error(`setting ${key} is not in the read model after its save`);
    res.json({ key, value: doc.value as AdminSetting['value'], updatedAt: doc.changedAt } satisfies AdminSetting);
  }

  router.get('/settings', async (_req, res) => {
    res.json((await allSettings(deps.readModels)).map((doc) => ({ key: doc._id, value: doc.value as AdminSetting['value'], updatedAt: doc.changedAt }) satisfies AdminSetting));
  });

  router.put(`/settings/${SETTING_KEYS.footerHtml}`, async (req, res) => {
    const { html } = validate(footerWriteSchema, req.body);
    await save(req, res, SETTING_KEYS.footerHtml, html, 'html');
  });

  router.put(`/settings/${SETTING_KEYS.headerNav}`, async (req, res) => {
    const { nav } = validate(headerNavWriteSchema, req.body);
    await save(req, res, SETTING_KEYS.headerNav, Array.isArray(nav) ? { items: nav } : nav, 'nav');
  });

  router.post('/settings', async (req, res) => {
    const { key, value } = validate(settingWriteSchema, req.body);
    await save(req, res, key, value, 'value');
  });

  return router;
}
