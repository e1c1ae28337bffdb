import { fileURLToPath } from 'node:url';
import { abaApp } from './charts.js';

/** `npm run manifests`: writes infra/deploy/kubernetes/*.yaml from the charts (commit what changes). */
export const MANIFESTS_DIR = fileURLToPath(new URL('../../../infra/deploy/kubernetes', import.meta.url));

abaApp(MANIFESTS_DIR).synth();
console.log(`Kubernetes manifests written to ${MANIFESTS_DIR}`);
