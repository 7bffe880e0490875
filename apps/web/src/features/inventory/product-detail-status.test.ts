import { describe, expect, it } from 'vitest';
import { batchExpiry, formatDelta, quantityAfter } from './product-detail-status';

describe('batchExpiry', () => {
  const today = '2026-03-01';
  it('trusts the server on what has expired', () => {
    expect(batchExpiry({ expiration_date: '2026-02-28', is_expired: true }, today)).toBe('expired');
    // The server's day may already have turned while the browser's has not.
    expect(batchExpiry({ expiration_date: '2026-03-01', is_expired: true }, today)).toBe('expired');
  });
  it('marks batches expiring within the window, today and its last day included', () => {
    expect(batchExpiry({ expiration_date: '2026-03-01', is_expired: false }, today)).toBe('expiring_soon');
    expect(batchExpiry({ expiration_date: '2026-03-31', is_expired: false }, today)).toBe('expiring_soon');
    expect(batchExpiry({ expiration_date: '2026-04-01', is_expired: false }, today)).toBe('fresh');
    expect(batchExpiry({ expiration_date: '2026-03-09', is_expired: false }, today, 7)).toBe('fresh');
  });
  it('counts across month and year ends by the calendar', () => {
    expect(batchExpiry({ expiration_date: '2027-01-30', is_expired: false }, '2026-12-31')).toBe('expiring_soon');
    expect(batchExpiry({ expiration_date: '2027-01-31', is_expired: false }, '2026-12-31')).toBe('fresh');
  });
  it('leaves batches without a date alone', () => {
    expect(batchExpiry({ expiration_date: null, is_expired: false }, today)).toBe('no_expiry');
  });
});

describe('formatDelta', () => {
  it('signs every change', () => {
    expect(formatDelta(5)).toBe('+5');
    expect(formatDelta(-2)).toBe('\u22122');
  });
});

describe('quantityAfter', () => {
  it('previews whole changes only', () => {
    expect(quantityAfter(10, -2)).toBe(8);
    expect(quantityAfter(10, 5)).toBe(15);
    expect(quantityAfter(10, '')).toBeNull();
    expect(quantityAfter(10, 1.5)).toBeNull();
  });

  it('previews a weighed batch’s change to the gram, exactly', () => {
    expect(quantityAfter(12.5, -0.25, true)).toBe(12.25);
    expect(quantityAfter(0.3, -0.1, true)).toBe(0.2);
    expect(quantityAfter(12.5, -0.0001, true)).toBeNull();
  });
});
