import type { Response } from 'express';
import { getAlertSettings, openUnsubscribeLink, saveAlertSettings, type AlertSettings } from '../../contracts/alerts.ts';
import type { MessageAnswer } from '../../contracts/errors.ts';
import type { AlertKind } from '../../events/alerts.ts';
import { alertSettingsOf } from '../../read-models/alerts/queries.ts';
import { findUserById } from '../../read-models/users/queries.ts';
import { badRequest } from '../core/errors.ts';
import { apiModule, handle, SENT } from '../http/endpoints.ts';
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
 * Payout alerts (definitions in contracts/alerts.ts), docs/alerts.md: the settings (defaults before the
 * first save), their save, and a mail's one-click unsubscribe (no sign-in; answers an HTML page).
 */
export const alertsApi = apiModule('alerts', (deps) => {
  const tokens = new UnsubscribeTokens(deps.config.session.secret);

  return [
    handle(getAlertSettings, async (_input, call) => {
      call.res.setHeader('Cache-Control', 'no-store');
      return (await alertSettingsOf(deps.readModels, call.auth.user._id)) satisfies AlertSettings;
    }),

    handle(saveAlertSettings, async ({ body }, call) => {
      const { user } = call.auth;
      const { position } = await changeAlertSettings(deps.log, user._id, body, call.context());
      await call.waitFor(position);
      call.res.setHeader('Cache-Control', 'no-store');
      return alertSettingsOf(deps.readModels, user._id);
    }),

    handle(openUnsubscribeLink, async ({ query }, call) => {
      const { req, res } = call;
      const opened = tokens.open(query.token);
      const user = opened ? await findUserById(deps.readModels, opened.userId) : null;
      // A browser (the mail's link) gets a page; an API client asking for JSON gets JSON.
      const wantsHtml = req.accepts(['html', 'json']) === 'html';
      if (!opened || !user) {
        if (!wantsHtml) throw badRequest(unsubscribeMessages.invalid);
        sendPage(res, 400, 'Link not valid', [unsubscribeMessages.invalid], deps.config.appUrl);
        return SENT;
      }
      const { position } = await unsubscribeAlerts(deps.log, user._id, opened.kind, call.context(`unsubscribe:${user._id}`));
      await call.waitFor(position);
      if (!wantsHtml) {
        res.setHeader('Cache-Control', 'no-store');
        res.json({ message: unsubscribeMessages.done(opened.kind) } satisfies MessageAnswer);
        return SENT;
      }
      sendPage(
        res,
        200,
        'Unsubscribed',
        [unsubscribeMessages.done(opened.kind), `Changed your mind? Turn them on again under Alerts in your personal area.`],
        deps.config.appUrl,
      );
      return SENT;
    }),
  ];
});
