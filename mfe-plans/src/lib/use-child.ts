import { useParams } from '@aba/web-kit';

/** The child id of the route (`/child/:id/…`, the shell's parameter). */
export function useChildId(): string {
  return useParams().id ?? '';
}
