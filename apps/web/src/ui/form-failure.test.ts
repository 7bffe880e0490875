import { describe, expect, it } from 'vitest';
import { fieldErrorsFor } from './form-failure';

describe('fieldErrorsFor', () => {
  const values = { email: '', business: { name: '', about: '' } };

  it('keeps the first message of each field the form has, nested paths included', () => {
    expect(fieldErrorsFor(values, { email: ['Taken.', 'Second.'], 'business.name': ['Required.'] })).toEqual({
      email: 'Taken.',
      'business.name': 'Required.',
    });
  });

  it('leaves out fields the form does not have, so their message is shown on its own', () => {
    expect(fieldErrorsFor(values, { username: ['Taken.'], 'business.slug': ['No.'], _: ['Bad.'] })).toEqual({});
    expect(fieldErrorsFor(values, { email: [] })).toEqual({});
  });
});
