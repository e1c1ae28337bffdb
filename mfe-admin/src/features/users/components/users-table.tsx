import { formatDate, TableRegion, useTableStyles, useTranslation } from '@aba/web-kit';
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
import type { AdminUser } from '../api/get-users.js';

const useStyles = makeStyles({
  id: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, whiteSpace: 'nowrap' },
});

const COLUMNS = ['id', 'firstName', 'lastName', 'email', 'phone', 'role', 'registered', 'status'] as const;

/** The users table (spec §2): Id, First name, Last name, Email, Phone number, Role, Register date, STATUS. */
export function UsersTable({ users, busy }: { users: readonly AdminUser[]; busy: boolean }) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const tableStyles = useTableStyles();
  return (
    <TableRegion label={t('users.tableRegion')}>
      <Table className={tableStyles.table} aria-label={t('users.title')} aria-busy={busy}>
        <TableHeader>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableHeaderCell key={column} className={tableStyles.nowrap}>
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
              <TableCell className={tableStyles.nowrap}>{user.phone}</TableCell>
              <TableCell>{t(`users.roles.${user.role}`, { defaultValue: user.role })}</TableCell>
              <TableCell className={tableStyles.nowrap}>{formatDate(user.date_registered)}</TableCell>
              <TableCell>{t(`users.statuses.${user.status}`, { defaultValue: user.status })}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
