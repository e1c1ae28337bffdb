import { AccountDeletionMessages } from '@aba/contracts/api';

/**
 * Addresses one feature of the shell links to in another's pages (issue 17): features do not import each other, so
 * the place a link leads to and the page it leads to agree here.
 */

/** The id of "Datele mele" on /account (the download of the user's data, ADR 0048), and the link to it. */
export const MY_DATA_ID = 'my-data';
export const MY_DATA_PATH = `/account#${MY_DATA_ID}`;

/** Where a child is deleted: the menu of its card on the children list (ADR 0021). */
export const CHILD_DELETE_PATH = '/child/list';

/** The child's coordinators page, where its owner hands it over (ADR 0050). */
export const coordinatorsPath = (childId: string) => `/child/${encodeURIComponent(childId)}/coordinators`;

/**
 * /login once the account was deleted (ADR 0050). A flag, not a text: the address cannot make the login page say
 * anything else. The page is loaded afresh (`window.location`): nothing of the deleted account stays in memory.
 */
export const ACCOUNT_DELETED_LOGIN_PATH = '/login?account=deleted';

/** The server message the login page shows for its address's query (`location.search`), if any. */
export function loginPageNotice(search: string): string | undefined {
  return new URLSearchParams(search).get('account') === 'deleted'
    ? AccountDeletionMessages.deleted
    : undefined;
}
