import type { sendSupportRequest } from '../../../../contracts/support.ts';
import type { AnswerOf, BodyIn } from '../../../../contracts/endpoint.ts';
import { baseApi, call } from '../../api/base-api.ts';

/** POST /api/support {subject, message} (signed in): 201 `{id, priority, message}`. */
export const supportApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    sendSupportRequest: build.mutation<AnswerOf<typeof sendSupportRequest>, BodyIn<typeof sendSupportRequest>>({
      query: (body) => call<typeof sendSupportRequest>('POST /api/support', { body }),
    }),
  }),
});

export const { useSendSupportRequestMutation } = supportApi;
