import { describe, expect, it } from 'vitest';
import { supportMessages } from '../../../../contracts/support.ts';
import { supportTexts } from './routes/support-route.tsx';

describe('the support form (issue 29)', () => {
  it("says the server's messages word for word", () => {
    expect(supportTexts.subjectRequired).toBe(supportMessages.subjectRequired);
    expect(supportTexts.subjectLong).toBe(supportMessages.subjectLong);
    expect(supportTexts.messageRequired).toBe(supportMessages.messageRequired);
    expect(supportTexts.messageLong).toBe(supportMessages.messageLong);
  });
});
