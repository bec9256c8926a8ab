/** How many funds `/etfs` asks for (`GET /api/top-performers?limit=100`, spec §7). */
export const DATABASE_LIMIT = 100;
