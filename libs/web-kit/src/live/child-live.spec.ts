import { jest } from '@jest/globals';
import { listenToChild, type ChildChange } from './child-live.js';

/** EventSource as the browser has it, driven by the test: open, a message, an error with its ready state. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  change(data: string) {
    this.dispatchEvent(new MessageEvent('change', { data }));
  }
  fail(readyState: number) {
    this.readyState = readyState;
    this.dispatchEvent(new Event('error'));
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
}

Object.defineProperty(globalThis, 'EventSource', { configurable: true, value: FakeEventSource });

describe('the live stream of a child page (ADR 0040)', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it('is one stream per child for every listener of the page, closed with its last listener', () => {
    const first: ChildChange[] = [];
    const second: ChildChange[] = [];
    const stopFirst = listenToChild('c-1', (change) => first.push(change));
    const stopSecond = listenToChild('c-1', (change) => second.push(change));
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual(['/api/child/c-1/live']);
    const [source] = FakeEventSource.opened;
    source.open();
    source.change('{"kind":"evaluation","itemId":"i-1"}');
    expect(first).toEqual([{ kind: 'evaluation', itemId: 'i-1' }]);
    expect(second).toEqual(first);
    stopFirst();
    expect(source.closed).toBe(false);
    stopSecond();
    expect(source.closed).toBe(true);
  });

  it('says "reconnected" when the stream comes back after a break, so the page reads everything again', () => {
    const changes: ChildChange[] = [];
    const stop = listenToChild('c-2', (change) => changes.push(change));
    const [source] = FakeEventSource.opened;
    source.open();
    source.fail(FakeEventSource.CONNECTING);
    source.open();
    expect(changes).toEqual([{ kind: 'reconnected' }]);
    stop();
  });

  it('opens the stream again by itself after an answer that was no stream (the browser gives up then), later each time', () => {
    const changes: ChildChange[] = [];
    const stop = listenToChild('c-3', (change) => changes.push(change));
    FakeEventSource.opened[0].open();
    FakeEventSource.opened[0].fail(FakeEventSource.CLOSED);
    jest.advanceTimersByTime(4_999);
    expect(FakeEventSource.opened).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(2);
    FakeEventSource.opened[1].fail(FakeEventSource.CLOSED);
    jest.advanceTimersByTime(5_000);
    expect(FakeEventSource.opened).toHaveLength(2);
    jest.advanceTimersByTime(10_000);
    expect(FakeEventSource.opened).toHaveLength(3);
    FakeEventSource.opened[2].open();
    expect(changes).toEqual([{ kind: 'reconnected' }]);
    stop();
    FakeEventSource.opened[2].fail(FakeEventSource.CLOSED);
    jest.advanceTimersByTime(60_000);
    expect(FakeEventSource.opened).toHaveLength(3);
  });

  it('reads a hint it does not know as "something of the child changed"', () => {
    const changes: ChildChange[] = [];
    const stop = listenToChild('c-4', (change) => changes.push(change));
    FakeEventSource.opened[0].change('{"kind":"report"}');
    FakeEventSource.opened[0].change('not json');
    expect(changes).toEqual([{ kind: 'child' }, { kind: 'child' }]);
    stop();
  });
});
