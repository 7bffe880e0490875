import {
  createDayCloseBodySchema,
  DAY_CLOSE_MESSAGES,
  dayCloseAnswerSchema,
  dayCloseExpectedQuerySchema,
  dayCloseExpectedSchema,
  dayCloseListSchema,
  listDayClosesQuerySchema,
} from '../day-closes';
import { endpoint, member } from '../endpoint';
import { idempotencyHeadersSchema } from '../idempotency';

/** Closing the day (ADR 0022): each member their own takings, the CEO the whole shop and everyone's history. */
export const DAY_CLOSE_ENDPOINTS = {
  getDayCloseExpected: endpoint({
    method: 'GET',
    path: '/day-closes/expected/',
    summary: "The period a close would cover now and what should be there per payment method (the shop's: the CEO).",
    access: member('day.close', { whole: 'day.review' }),
    input: dayCloseExpectedQuerySchema,
    response: dayCloseExpectedSchema,
    status: 200,
    message: DAY_CLOSE_MESSAGES.expected,
  }),
  createDayClose: endpoint({
    method: 'POST',
    path: '/day-closes/',
    summary:
      "Close the day: the counted amounts against what should be there, the difference and a note (the shop's: the CEO).",
    access: member('day.close', { whole: 'day.review' }),
    input: createDayCloseBodySchema,
    headers: idempotencyHeadersSchema,
    response: dayCloseAnswerSchema,
    status: 201,
    message: DAY_CLOSE_MESSAGES.created,
  }),
  listDayCloses: endpoint({
    method: 'GET',
    path: '/day-closes/',
    summary: "Closes, newest first: the CEO's every close of the business (or one member's), anyone else's own.",
    access: member('day.close', { whole: 'day.review' }),
    input: listDayClosesQuerySchema,
    response: dayCloseListSchema,
    status: 200,
    message: DAY_CLOSE_MESSAGES.listed,
  }),
};
