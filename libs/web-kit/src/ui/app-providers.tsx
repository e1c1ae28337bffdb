import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider as ReduxProvider } from 'react-redux';
import { i18n } from '../i18n/i18n.js';
import { store } from '../store/store.js';

/** The page-wide providers: the one store, the one i18next instance and the Fluent theme. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <I18nextProvider i18n={i18n} defaultNS="common">
        <FluentProvider theme={webLightTheme}>{children}</FluentProvider>
      </I18nextProvider>
    </ReduxProvider>
  );
}
