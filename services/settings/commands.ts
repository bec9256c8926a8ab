import { streams } from '../../events/streams.ts';
import { handleCommand } from '../core/command-handler.ts';
import type { CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import { SETTING_KEYS, SETTING_LIMITS, settingDecider } from './business-logic.ts';
import { sanitizeOwnerHtml } from '../core/owner-html.ts';

/**
 * Saves one setting (every writer goes through here: `PUT /api/admin/settings/{footer_html|header_nav}`
 * and `POST /api/admin/settings`). The footer's HTML is sanitised first (services/core/owner-html.ts), so what
 * is stored is what every visitor gets; the decider then checks each key's shape (header_nav's items
 * and paths, text lengths). Answers the position to wait for (0 when the value was already saved).
 */
export async function changeSetting(log: EventLog, key: string, value: unknown, ctx: CommandContext): Promise<number> {
  const stored = key === SETTING_KEYS.footerHtml && typeof value === 'string' && value.length <= SETTING_LIMITS.footerHtml ? sanitizeOwnerHtml(value) : value;
  const result = await handleCommand(log, streams.settings(key), settingDecider, { type: 'ChangeSetting', data: { key, value: stored } }, ctx);
  return result.position;
}
