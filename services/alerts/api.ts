import { Router, type Response } from 'express';
import { AlertSettingsInput, type AlertSettings } from '../../contracts/alerts.ts';
import type { AlertKind } from '../../events/alerts.ts';
import { alertSettingsOf } from '../../read-models/alerts/queries.ts';
import { findUserById } from '../../read-models/users/queries.ts';
import { badRequest } from '../core/errors.ts';
import type { AppDeps } from '../http/deps.ts';
import { actors, commandContext } from '../http/context.ts';
import { authOf, requireUser } from '../http/session.ts';
import { validate } from '../http/validation.ts';
import { changeAlertSettings, unsubscribeAlerts } from './commands.ts';
import { UnsubscribeTokens } from './unsubscribe-token.ts';

const KIND_TITLES: Record<AlertKind, string> = {
  'distribution-change': 'distribution-change alerts',
  'ex-date-reminder': 'ex-date reminders',
};

export const unsubscribeMessages = {
  done: (kind: AlertKind) => `You will get no more ${KIND_TITLES[kind]} from WeeklyDiv.`,
  invalid: 'This unsubscribe link is not valid. Copy the whole link from the e-mail, or turn alerts off in your WeeklyDiv personal area.',
} as const;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The page a mail's unsubscribe link opens: plain HTML, no script, never cached, no referrer (the URL holds the token). */
function sendPage(res: Response, status: number, title: string, lines: string[], appUrl: string): void {
  res.status(status);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.send(
    [
      '<!doctype html>',
      '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
      `<title>${escapeHtml(title)} · WeeklyDiv</title>`,
      '<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2937;line-height:1.5}h1{font-size:1.5rem}a{color:#2563eb}</style>',
      '</head><body>',
      `<h1>${escapeHtml(title)}</h1>`,
      ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
      `<p><a href="${escapeHtml(appUrl)}/my-weeklydiv?tab=alerts">Alert settings in your personal area</a></p>`,
      '</body></html>',
    ].join('\n'),
  );
}

/**
 * Payout alerts (mounted at /api), docs/alerts.md:
 * - `GET /user/alerts` -> settings (defaults before the first save);
 * - `PUT /user/alerts` `{distributionChangePercent, exDateReminder, distributionChangeAlerts?}` -> settings;
 * - `GET /alerts/unsubscribe?token=`: a mail's one-click unsubscribe, no sign-in; answers an HTML page.
 */
export function alertsRouter(deps: AppDeps): Router {
  const router = Router();
  const tokens = new UnsubscribeTokens(deps.config.session.secret);

  router.get('/user/alerts', requireUser(deps), async (_req, res) => {
    const { user } = authOf(res);
    res.setHeader('Cache-Control', 'no-store');
    res.json((await alertSettingsOf(deps.readModels, user._id)) satisfies AlertSettings);
  });

  router.put('/user/alerts', requireUser(deps), async (req, res) => {
    const { user } = authOf(res);
    const input = validate(AlertSettingsInput, req.body);
    const { position } = await changeAlertSettings(deps.log, user._id, input, commandContext(req, deps, actors.user(user._id)));
    if (position > 0) await deps.readModels.waitFor(position);
    res.setHeader('Cache-Control', 'no-store');
    res.json(await alertSettingsOf(deps.readModels, user._id));
  });

  router.get('/alerts/unsubscribe', async (req, res) => {
    const token = typeof req.query['token'] === 'string' ? req.query['token'] : '';
    const opened = tokens.open(token);
    const user = opened ? await findUserById(deps.readModels, opened.userId) : null;
    // A browser (the mail's link) gets a page; an API client asking for JSON gets JSON.
    const wantsHtml = req.accepts(['html', 'json']) === 'html';
    if (!opened || !user) {
      if (!wantsHtml) throw badRequest(unsubscribeMessages.invalid);
      sendPage(res, 400, 'Link not valid', [unsubscribeMessages.invalid], deps.config.appUrl);
      return;
    }
    const { position } = await unsubscribeAlerts(deps.log, user._id, opened.kind, commandContext(req, deps, `unsubscribe:${user._id}`));
    if (position > 0) await deps.readModels.waitFor(position);
    if (!wantsHtml) {
      res.setHeader('Cache-Control', 'no-store');
      res.json({ message: unsubscribeMessages.done(opened.kind) });
      return;
    }
    sendPage(
      res,
      200,
      'Unsubscribed',
      [unsubscribeMessages.done(opened.kind), `Changed your mind? Turn them on again under Alerts in your personal area.`],
      deps.config.appUrl,
    );
  });

  return router;
}
