/** The users table's register date: the admin tables' shared en-GB date format (`src/utils/format-date.ts`). */
export { formatDate as formatRegisterDate } from '../../../utils/format-date.js';
