// Standalone admin portal entry. Module Federation: start the async boundary first.
import('./bootstrap');
