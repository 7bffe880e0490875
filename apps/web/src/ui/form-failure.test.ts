import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api';
import { failureDisplay, fieldErrorsFor, splitFieldErrors } from './form-failure';

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

describe('failureDisplay', () => {
  const values = { title: 'Cart', items: [{ product_id: 1, quantity: 2 }] };
  const shownInputs = new Set(['title', 'items.0.quantity']);
  const isShown = (path: string) => shownInputs.has(path);
  const mixed = 'All items in a cart must have the same currency.';

  it('shows the message of a field the form holds without an input, rather than dropping it', () => {
    const error = new ApiError(mixed, 400, 'validation_error', { items: [mixed] });
    expect(splitFieldErrors(values, error.fieldErrors, isShown)).toEqual({ fields: {}, others: [mixed] });
    expect(failureDisplay(error, values, 'Failed to add item to cart.', isShown)).toEqual({
      fields: {},
      message: mixed,
    });
  });

  it('puts errors beside the inputs there are, and the others above the button', () => {
    const error = new ApiError('Invalid input.', 400, 'validation_error', {
      title: ['Title must be at least 3 characters'],
      items: [mixed],
    });
    expect(failureDisplay(error, values, 'Failed.', isShown)).toEqual({
      fields: { title: 'Title must be at least 3 characters' },
      message: mixed,
    });
  });

  it('shows only field errors when every one has its input, and the fallback when the failure has no message', () => {
    const error = new ApiError('Invalid input.', 400, 'validation_error', { 'items.0.quantity': ['Too many.'] });
    expect(failureDisplay(error, values, 'Failed.', isShown)).toEqual({
      fields: { 'items.0.quantity': 'Too many.' },
      message: null,
    });
    expect(failureDisplay(new Error('offline'), values, 'Failed.', isShown)).toEqual({
      fields: {},
      message: 'Failed.',
    });
  });
});
