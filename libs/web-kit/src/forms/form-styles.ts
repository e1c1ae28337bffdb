import { makeStyles, tokens } from '@fluentui/react-components';

/** Layout of the account forms: one column, full width on a phone, readable width on a desktop. */
export const useFormStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    width: '100%',
    maxWidth: '28rem',
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    marginTop: tokens.spacingVerticalS,
  },
  // At least 44 px tall: a tap target on a phone (WCAG 2.5.5).
  submit: { minWidth: '8rem', minHeight: '44px' },
});
