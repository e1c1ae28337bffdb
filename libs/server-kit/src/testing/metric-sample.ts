/**
 * A sample of a Prometheus scrape: the value on the line of metric `name` that holds every label given
 * (`'route="/health"'`), or undefined when no line does.
 */
export function metricSample(scrape: string, name: string, ...labels: string[]): number | undefined {
  const line = scrape
    .split('\n')
    .find((each) => each.startsWith(`${name}{`) && labels.every((label) => each.includes(label)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}
