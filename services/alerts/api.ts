import express, { type Request, type Response } from 'express';
import { confirmUnsubscribe, getAlertSettings, openUnsubscribeLink, saveAlertSettings, type AlertSettings } from '../../contracts/alerts.ts';
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
  confirm: (kind: AlertKind) => `Press Unsubscribe to get no more ${KIND_TITLES[kind]} from WeeklyDiv.`,
  invalid: 'This unsubscribe link is not valid. Copy the whole link from the e-mail, or turn alerts off in your WeeklyDiv personal area.',
  notConfirmed: 'To unsubscribe, press the Unsubscribe button on the page of the link (the request must say List-Unsubscribe=One-Click).',
} as const;

const ONE_CLICK_FIELD = 'List-Unsubscribe';
const ONE_CLICK_VALUE = 'One-Click';
/** A one-click body is a few dozen bytes; anything much larger is not one (413). */
const ONE_CLICK_BODY_LIMIT = '4kb';

/** The multipart part `name="List-Unsubscribe"`, its header lines, a blank line, `One-Click`. */
const ONE_CLICK_PART = new RegExp(`name="?${ONE_CLICK_FIELD}"?\\r?\\n(?:[^\\r\\n]+\\r?\\n)*\\r?\\n${ONE_CLICK_VALUE}\\r?\\n`);

/**
 * The one-click body of RFC 8058, `List-Unsubscribe=One-Click`: form-encoded (parsed by express.urlencoded
 * into an object; the page's form sends it so too), or multipart/form-data (kept as text: one small
 * field, so a look for that part is enough, no multipart parser).
 */
function saysOneClick(body: unknown): boolean {
  if (typeof body === 'string') return ONE_CLICK_PART.test(body);
  return typeof body === 'object' && body !== null && (body as Record<string, unknown>)[ONE_CLICK_FIELD] === ONE_CLICK_VALUE;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A button that posts the one-click body to `action` (the link's own address, relative: form-action 'self'). */
interface PageForm {
  action: string;
  button: string;
}

/** The page a mail's unsubscribe link opens: plain HTML, no script, never cached, no referrer (the URL holds the token). */
function sendPage(res: Response, status: number, title: string, lines: string[], appUrl: string, form?: PageForm): void {
  res.status(status);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.send(
    [
      '<!doctype html>',
      '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
      `<title>${escapeHtml(title)} · WeeklyDiv</title>`,
      '<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2937;line-height:1.5}h1{font-size:1.5rem}a{color:#2563eb}button{font:inherit;padding:.5rem 1.25rem;border:0;border-radius:6px;background:#2563eb;color:#fff;cursor:pointer}</style>',
      '</head><body>',
      `<h1>${escapeHtml(title)}</h1>`,
      ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
      ...(form
        ? [
            `<form method="post" action="${escapeHtml(form.action)}">`,
            `<input type="hidden" name="${ONE_CLICK_FIELD}" value="${ONE_CLICK_VALUE}">`,
            `<button type="submit">${escapeHtml(form.button)}</button>`,
            '</form>',
          ]
        : []),
      `<p><a href="${escapeHtml(appUrl)}/my-weeklydiv?tab=alerts">Alert settings in your personal area</a></p>`,
      '</body></html>',
    ].join('\n'),
  );
}

/**
 * Payout alerts (definitions in contracts/alerts.ts), docs/alerts.md: the settings (defaults before the
 * first save), their save, and a mail's unsubscribe link (no sign-in): GET asks with a button, the
 * one-click POST (the button, or the mail provider's, RFC 8058) acts. Both answer an HTML page.
 */
export const alertsApi = apiModule('alerts', (deps) => {
  const tokens = new UnsubscribeTokens(deps.config.session.secret);
  const appUrl = deps.config.appUrl;
  // A browser (the mail's link) gets a page; an API client asking for JSON gets JSON.
  const wantsHtml = (req: Request) => req.accepts(['html', 'json']) === 'html';

  /** The user and kind of the link, or the 400 (a page for a browser) already sent. */
  async function openLink(token: string, req: Request, res: Response): Promise<{ userId: string; kind: AlertKind } | null> {
    const opened = tokens.open(token);
    const user = opened ? await findUserById(deps.readModels, opened.userId) : null;
    if (opened && user) return { userId: user._id, kind: opened.kind };
    if (!wantsHtml(req)) throw badRequest(unsubscribeMessages.invalid);
    sendPage(res, 400, 'Link not valid', [unsubscribeMessages.invalid], appUrl);
    return null;
  }

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

    // Opening the link changes nothing (mail scanners prefetch links): a page with the button.
    handle(openUnsubscribeLink, async ({ query }, call) => {
      const { req, res } = call;
      const link = await openLink(query.token, req, res);
      if (!link) return SENT;
      res.setHeader('Cache-Control', 'no-store');
      if (!wantsHtml(req)) {
        res.json({ message: unsubscribeMessages.confirm(link.kind) } satisfies MessageAnswer);
        return SENT;
      }
      const action = `/api/alerts/unsubscribe?token=${encodeURIComponent(query.token)}`;
      sendPage(res, 200, `Stop ${KIND_TITLES[link.kind]}?`, [unsubscribeMessages.confirm(link.kind)], appUrl, { action, button: 'Unsubscribe' });
      return SENT;
    }),

    // The one-click POST: the page's button (same origin) or the mail provider (server to server: no
    // cookie, no Origin, no Sec-Fetch-Site, so the same-origin guard lets it through; a cross-site
    // browser POST is refused there as any other).
    handle(
      confirmUnsubscribe,
      async ({ query, body }, call) => {
        const { req, res } = call;
        const link = await openLink(query.token, req, res);
        if (!link) return SENT;
        if (!saysOneClick(body)) {
          if (!wantsHtml(req)) throw badRequest(unsubscribeMessages.notConfirmed);
          sendPage(res, 400, 'Not unsubscribed', [unsubscribeMessages.notConfirmed], appUrl);
          return SENT;
        }
        const { position } = await unsubscribeAlerts(deps.log, link.userId, link.kind, call.context(`unsubscribe:${link.userId}`));
        await call.waitFor(position);
        if (!wantsHtml(req)) {
          res.setHeader('Cache-Control', 'no-store');
          res.json({ message: unsubscribeMessages.done(link.kind) } satisfies MessageAnswer);
          return SENT;
        }
        sendPage(res, 200, 'Unsubscribed', [unsubscribeMessages.done(link.kind), `Changed your mind? Turn them on again under Alerts in your personal area.`], appUrl);
        return SENT;
      },
      {
        before: [
          express.urlencoded({ extended: false, limit: ONE_CLICK_BODY_LIMIT, type: 'application/x-www-form-urlencoded' }),
          express.text({ limit: ONE_CLICK_BODY_LIMIT, type: 'multipart/form-data' }),
        ],
      },
    ),
  ];
});
