/** The catalogue's refusals as the form shows them: a field error where one field is at fault, else 422 or 404. */
import { ApiError } from '../../../api/errors.js';
import { CatalogueError } from '../../../checks/catalogue.js';
import { ruleFieldError, scopeFieldError } from './check-views.js';

export async function catalogueCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof CatalogueError)) throw error;
    const message = error.message;
    if (message.startsWith('Invalid rule: ')) throw ruleFieldError(message.slice('Invalid rule: '.length));
    if (message.startsWith('Invalid scope: ')) throw scopeFieldError(message.slice('Invalid scope: '.length));
    if (message.startsWith('No check ')) throw new ApiError('not_found', message);
    if (message.startsWith('Invalid plain-language check: '))
      throw new ApiError('validation_error', message, { judge: [message] });
    // The promotion gate speaks to the shell; the page offers an owner's override with a written reason instead.
    const gate = /^(.*cannot alert yet: .*?\.) Label more results/.exec(message);
    if (gate) {
      const shown = `${gate[1]} Label more results, or an owner may promote it anyway with a written reason (kept in the check's history).`;
      throw new ApiError('validation_error', shown, { status: [shown] });
    }
    if (/already exists|built-in check\.$|check key/.test(message)) {
      throw new ApiError('validation_error', message, { key: [message] });
    }
    throw new ApiError('validation_error', message, { _root: [message] });
  }
}
