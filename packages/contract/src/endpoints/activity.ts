import { ACTIVITY_MESSAGES, activityListSchema, listActivityQuerySchema } from '../activity';
import { endpoint, member } from '../endpoint';

/** The activity log (issue 54, ADR 0029): read only; nothing edits or deletes an entry. */
export const ACTIVITY_ENDPOINTS = {
  listActivity: endpoint({
    method: 'GET',
    path: '/activity/',
    summary: 'Who changed what in the business, newest first, by kind, member and dates.',
    access: member('activity.view', { forbidden: ACTIVITY_MESSAGES.onlyCeo }),
    input: listActivityQuerySchema,
    response: activityListSchema,
    status: 200,
    message: ACTIVITY_MESSAGES.listed,
  }),
};
