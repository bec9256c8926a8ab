import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/** The description of the API itself. */
export const getOpenApi = endpoint({
  method: 'get',
  path: '/api/openapi.json',
  access: 'public',
  summary: 'This description (OpenAPI 3.1).',
  tags: ['Meta'],
  responses: { 200: { description: 'The OpenAPI 3.1 document.', json: z.object({}).loose() } },
  errors: [],
});
