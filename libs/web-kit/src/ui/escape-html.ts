const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * User text for a place a library parses as HTML — Highcharts' titles, descriptions (the accessibility module's
 * screen-reader section), axis labels, tooltips and series names — so it shows literally: a behaviour named
 * `<b>Țipă</b>` reads `<b>Țipă</b>`, never bold, and no markup in it is ever parsed. React output needs none of this.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character]);
}
