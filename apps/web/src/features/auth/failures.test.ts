import { MESSAGES } from '@oja/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { isNotActivated } from './failures';

describe('isNotActivated', () => {
  it('recognises the code and the spec’s wordings', () => {
    expect(isNotActivated(new ApiError('Anything', 403, 'account_not_activated'))).toBe(true);
    expect(isNotActivated(new ApiError(MESSAGES.auth.notActivated, 400, 'other'))).toBe(true);
    expect(isNotActivated(new ApiError('User is not active.', 400, 'other'))).toBe(true);
  });

  it('does not take other refusals for it', () => {
    expect(isNotActivated(new ApiError(MESSAGES.auth.membershipPending, 403, 'membership_pending'))).toBe(false);
    expect(isNotActivated(new ApiError(MESSAGES.auth.invalidCredentials, 401, 'invalid_credentials'))).toBe(false);
    expect(isNotActivated(new Error('This account is not activated'))).toBe(false);
  });
});
