import { useServerErrorTranslator } from '@aba/web-kit';
import { LoadFailure } from '@aba/web-kit/forms';

/** What a page's failed read offers: its error, and reading again. RTK Query's query result has it. */
export interface FailedRead {
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** A page's read that failed: the server's error, translated, with Retry (spinning while it reads again). */
export function ReadFailure({ read }: { read: FailedRead }) {
  const translate = useServerErrorTranslator();
  return (
    <LoadFailure onRetry={() => void read.refetch()} retrying={read.isFetching}>
      {translate(read.error)}
    </LoadFailure>
  );
}
