import {
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '../api/get-users.js';
import { formatRegisterDate } from '../utils/format-date.js';

const useStyles = makeStyles({
  // On a phone the table keeps its columns and scrolls sideways inside this region.
  scroller: {
    overflowX: 'auto',
    maxWidth: '100%',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  // Columns sized by their content (Fluent's default is fixed, equal columns); wider than the screen → scroll.
  table: { tableLayout: 'auto', width: '100%' },
  nowrap: { whiteSpace: 'nowrap' },
  id: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, whiteSpace: 'nowrap' },
});

const COLUMNS = ['id', 'firstName', 'lastName', 'email', 'phone', 'role', 'registered', 'status'] as const;

/** The users table (spec §2): Id, First name, Last name, Email, Phone number, Role, Register date, STATUS. */
export function UsersTable({ users, busy }: { users: readonly AdminUser[]; busy: boolean }) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  return (
    <div
      className={styles.scroller}
      role="region"
      aria-label={t('users.tableRegion')}
      tabIndex={0}
    >
      <Table className={styles.table} aria-label={t('users.title')} aria-busy={busy}>
        <TableHeader>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableHeaderCell key={column} className={styles.nowrap}>
                {t(`users.columns.${column}`)}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.id}>
              <TableCell className={styles.id}>{user.id}</TableCell>
              <TableCell>{user.first_name}</TableCell>
              <TableCell>{user.last_name}</TableCell>
              <TableCell>{user.email}</TableCell>
              <TableCell className={styles.nowrap}>{user.phone}</TableCell>
              <TableCell>{t(`users.roles.${user.role}`, { defaultValue: user.role })}</TableCell>
              <TableCell className={styles.nowrap}>{formatRegisterDate(user.date_registered)}</TableCell>
              <TableCell>{t(`users.statuses.${user.status}`, { defaultValue: user.status })}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
