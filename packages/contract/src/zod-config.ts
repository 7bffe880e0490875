import * as z from 'zod';
import { MESSAGES } from './messages';

/**
 * Plain sentences for the failures that schemas do not word themselves, the
 * same in the browser and on the server. Importing the contract installs it.
 */
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type') {
      if (issue.input === undefined || issue.input === null) return MESSAGES.validation.required;
      return `Expected ${issue.expected === 'int' ? 'a whole number' : `a ${issue.expected}`}.`;
    }
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((key) => MESSAGES.validation.unknownField(key)).join(' ');
    if (issue.code === 'invalid_value') return `Expected one of: ${issue.values.map(String).join(', ')}.`;
    if (issue.code === 'too_big' && issue.origin === 'string') return `At most ${issue.maximum} characters.`;
    if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1)
      return MESSAGES.validation.required;
    return undefined;
  },
});
