/** How many funds `/etfs` asks for (`GET /api/top-performers?limit=100`: the database shows up to 100 ETFs). */
export const DATABASE_LIMIT = 100;
