import { Link, TableRegion, useTranslation } from '@aba/web-kit';
import {
  Badge,
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { useEffect, useRef } from 'react';
import type { Child } from '../api/get-children.js';
import type { LicenceUse } from '../api/get-subscription-data.js';
import { fullName, isActiveUse, sortedUses } from '../hooks/licences.js';
import { AddLicenceForm } from './add-licence-form.js';
import { RemoveLicenceButton } from './remove-licence-button.js';

const useStyles = makeStyles({
  title: {
    ...typographyStyles.subtitle1,
    marginTop: 0,
    marginBottom: tokens.spacingVerticalM,
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  table: { tableLayout: 'auto', width: '100%', minWidth: '20rem' },
  nowrap: { whiteSpace: 'nowrap' },
  actions: { width: '1%', whiteSpace: 'nowrap', textAlign: 'end' },
  link: {
    color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'none',
    ':hover': { textDecorationLine: 'underline', color: tokens.colorBrandForegroundLinkHover },
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      borderRadius: '2px',
    },
  },
  empty: {
    padding: tokens.spacingHorizontalXL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} dashed ${tokens.colorNeutralStroke1}`,
    margin: 0,
  },
});

export interface ChildrenLicencesProps {
  uses: readonly LicenceUse[];
  /** All the children the user owns or helps (undefined while unknown). */
  allChildren: readonly Child[] | undefined;
  /** Children without an active licence. */
  unlicensed: readonly Child[];
  busy: boolean;
  onAdded: (childName: string) => void;
  onRemoved: (childName: string) => void;
  onError: (error: unknown) => void;
}

/** "Your children": each licence use (name → dashboard, status, remove) and the add-licence footer. */
export function ChildrenLicences({
  uses,
  allChildren,
  unlicensed,
  busy,
  onAdded,
  onRemoved,
  onError,
}: ChildrenLicencesProps) {
  const { t } = useTranslation('billing');
  const styles = useStyles();
  const heading = useRef<HTMLHeadingElement>(null);
  // After a removal the row (and the focused button) disappears: focus moves to the section heading.
  const focusHeadingOnChange = useRef(false);
  useEffect(() => {
    if (focusHeadingOnChange.current) {
      focusHeadingOnChange.current = false;
      heading.current?.focus();
    }
  }, [uses]);

  const rows = sortedUses(uses);
  return (
    <section aria-labelledby="billing-children-title">
      <h2 id="billing-children-title" ref={heading} tabIndex={-1} className={styles.title}>
        {t('children.title')}
      </h2>
      {rows.length === 0 ? (
        <p className={styles.empty}>
          {allChildren && allChildren.length === 0 ? (
            <>
              {t('children.noChildren')}{' '}
              <Link to="/child/create" className={styles.link}>
                {t('children.createChild')}
              </Link>
            </>
          ) : (
            t('children.empty')
          )}
        </p>
      ) : (
        <TableRegion label={t('children.tableRegion')}>
          <Table className={styles.table} aria-label={t('children.title')} aria-busy={busy}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('children.columns.name')}</TableHeaderCell>
                <TableHeaderCell className={styles.nowrap}>{t('children.columns.status')}</TableHeaderCell>
                <TableHeaderCell className={styles.actions}>{t('children.columns.actions')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((use) => {
                const name = fullName(use.child_first_name, use.child_last_name);
                return (
                  <TableRow key={use.child_subscription_id}>
                    <TableCell>
                      <Link
                        to={`/child/${encodeURIComponent(use.child_id)}/dashboard`}
                        className={styles.link}
                      >
                        {name}
                      </Link>
                    </TableCell>
                    <TableCell className={styles.nowrap}>
                      <Badge appearance="tint" color={isActiveUse(use) ? 'success' : 'subtle'}>
                        {t(`children.statuses.${use.status}`, { defaultValue: use.status })}
                      </Badge>
                    </TableCell>
                    <TableCell className={styles.actions}>
                      {isActiveUse(use) ? (
                        <RemoveLicenceButton
                          childSubscriptionId={use.child_subscription_id}
                          childName={name}
                          onRemoved={(removed) => {
                            focusHeadingOnChange.current = true;
                            onRemoved(removed);
                          }}
                          onError={onError}
                        />
                      ) : null}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableRegion>
      )}
      {unlicensed.length > 0 ? (
        <AddLicenceForm candidates={unlicensed} onAdded={onAdded} onError={onError} />
      ) : null}
    </section>
  );
}
