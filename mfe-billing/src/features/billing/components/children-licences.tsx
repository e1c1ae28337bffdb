import { EmptyState, Link, TableRegion, useTableStyles, useTranslation } from '@aba/web-kit';
import { SuccessBanner } from '@aba/web-kit/forms';
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
import { useEffect, useRef, useState } from 'react';
import type { OwnedChild } from '../api/get-subscription-data.js';
import type { ChildRow } from '../hooks/licences.js';
import { AddLicenceForm } from './add-licence-form.js';
import { RemoveLicenceButton } from './remove-licence-button.js';

const useStyles = makeStyles({
  title: {
    ...typographyStyles.subtitle1,
    marginTop: 0,
    marginBottom: tokens.spacingVerticalM,
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
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
  note: { margin: `${tokens.spacingVerticalM} 0 0`, color: tokens.colorNeutralForeground2 },
});

const BADGE_COLOR = { active: 'success', another: 'informative', inactive: 'subtle' } as const;

export interface ChildrenLicencesProps {
  rows: readonly ChildRow[];
  /** Whether the user owns any child. */
  ownsChildren: boolean;
  /** The user's own children without a licence: the footer offers them one. */
  licensable: readonly OwnedChild[];
  /** Whether the user is on the team of someone else's child (whose licences its owner manages). */
  helpsOtherChildren: boolean;
  busy: boolean;
  onAdded: () => void;
}

/**
 * "Your children": each licence (name → dashboard, status, remove), the add-licence footer for the user's own
 * children, and, for a coordinator or therapist, the line saying that a helped child's owner manages its licences.
 * An action's outcome shows here; after a removal (its row and button gone) focus moves to the heading.
 */
export function ChildrenLicences({
  rows,
  ownsChildren,
  licensable,
  helpsOtherChildren,
  busy,
  onAdded,
}: ChildrenLicencesProps) {
  const { t } = useTranslation('billing');
  const styles = useStyles();
  const tableStyles = useTableStyles();
  const heading = useRef<HTMLHeadingElement>(null);
  const [success, setSuccess] = useState<{ text: string; count: number } | null>(null);
  const focusHeadingOnChange = useRef(false);
  useEffect(() => {
    if (focusHeadingOnChange.current) {
      focusHeadingOnChange.current = false;
      heading.current?.focus();
    }
  }, [rows]);
  const succeeded = (text: string) => setSuccess((last) => ({ text, count: (last?.count ?? 0) + 1 }));

  return (
    <section aria-labelledby="billing-children-title">
      <h2 id="billing-children-title" ref={heading} tabIndex={-1} className={styles.title}>
        {t('children.title')}
      </h2>
      {success ? <SuccessBanner key={success.count}>{success.text}</SuccessBanner> : null}
      {rows.length === 0 ? (
        ownsChildren ? (
          <EmptyState>{t('children.empty')}</EmptyState>
        ) : helpsOtherChildren ? null : (
          <EmptyState>
            {t('children.noChildren')}{' '}
            <Link to="/child/create" className={styles.link}>
              {t('children.createChild')}
            </Link>
          </EmptyState>
        )
      ) : (
        <TableRegion label={t('children.tableRegion')}>
          <Table className={tableStyles.table} aria-label={t('children.title')} aria-busy={busy}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('children.columns.name')}</TableHeaderCell>
                <TableHeaderCell className={tableStyles.nowrap}>
                  {t('children.columns.status')}
                </TableHeaderCell>
                <TableHeaderCell className={styles.actions}>{t('children.columns.actions')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.key}>
                  <TableCell>
                    <Link to={`/child/${encodeURIComponent(row.childId)}/dashboard`} className={styles.link}>
                      {row.name}
                    </Link>
                  </TableCell>
                  <TableCell className={tableStyles.nowrap}>
                    <Badge appearance="tint" color={BADGE_COLOR[row.status]}>
                      {t(`children.statuses.${row.status}`)}
                    </Badge>
                  </TableCell>
                  <TableCell className={styles.actions}>
                    {row.removableUse ? (
                      <RemoveLicenceButton
                        childSubscriptionId={row.removableUse}
                        childName={row.name}
                        onRemoved={(removed) => {
                          focusHeadingOnChange.current = true;
                          succeeded(t('children.removed', { name: removed }));
                        }}
                      />
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableRegion>
      )}
      {licensable.length > 0 ? (
        <AddLicenceForm
          candidates={licensable}
          onAdded={(name) => {
            succeeded(t('children.added', { name }));
            onAdded();
          }}
        />
      ) : null}
      {helpsOtherChildren ? (
        <p className={styles.note} data-testid="helped-children-note">
          {t('children.helpedChildren')}
        </p>
      ) : null}
    </section>
  );
}
