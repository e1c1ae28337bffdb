import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  type Action,
  type ThunkAction,
} from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { baseApi } from './base-api.js';

/**
 * Slices that remotes inject at runtime. A remote declares its own with module augmentation:
 *   declare module '@aba/web-kit' { interface LazyLoadedSlices extends WithSlice<typeof mySlice> {} }
 * and injects with `mySlice.injectInto(rootReducer)` (or `rootReducer.inject(mySlice)`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(baseApi).withLazyLoadedSlices<LazyLoadedSlices>();

/** Remotes add middleware with `dynamicMiddleware.addMiddleware(...)`. */
export const dynamicMiddleware = createDynamicMiddleware();

function makeStore() {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware().prepend(dynamicMiddleware.middleware).concat(baseApi.middleware),
  });
}

/** The one Redux store of the page (shared by the shell and every remote through `@aba/web-kit`). */
export const store = makeStore();

export type AppStore = typeof store;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<ReturnType = void> = ThunkAction<ReturnType, RootState, unknown, Action>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
