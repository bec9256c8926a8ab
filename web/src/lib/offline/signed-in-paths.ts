import { paths } from '../paths.ts';

/**
 * The personal area's screens the service worker opens from its precached index.html, online or not (the
 * installed app starts on the personal area). Public pages are left to the network: the server renders
 * them, and a cached copy would hide that.
 */
export const SIGNED_IN_PATHS: readonly string[] = [paths.personalArea, paths.personalAreaShort, paths.income, paths.taxSummary];
