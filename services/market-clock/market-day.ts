import { streams } from '../../events/streams.ts';
import type { IsoDate } from '../../domain/market/trading-days.ts';
import { handleCommand } from '../core/command-handler.ts';
import type { CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import { RETRIES } from '../core/provider-sync.ts';
import { marketClockDecider } from './business-logic.ts';

/** "Today" enters the log: `MarketDayBegan` once per New York date (a repeated or older date appends nothing). */
export async function beginMarketDay(log: EventLog, today: IsoDate, ctx: CommandContext): Promise<{ began: boolean; position: number }> {
  const result = await handleCommand(log, streams.marketClock(), marketClockDecider, { type: 'BeginMarketDay', date: today }, ctx, RETRIES);
  return { began: result.events.length > 0, position: result.position };
}
