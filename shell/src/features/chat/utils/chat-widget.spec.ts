import {
  CHAT_WIDGET_WARNING,
  planChatWidget,
  resetChatWidgetForTests,
  startChatWidget,
  type ChatWidgetEnvironment,
} from './chat-widget.js';

describe('planChatWidget', () => {
  it('loads the provider script when both ids are there', () => {
    expect(planChatWidget({ chatWidget: { propertyId: '64f0c0ffee', widgetId: '1h2abc' } })).toEqual({
      load: true,
      src: 'https://embed.tawk.to/64f0c0ffee/1h2abc',
    });
  });
  it('trims and escapes the ids', () => {
    expect(planChatWidget({ chatWidget: { propertyId: ' a/b ', widgetId: 'c?d' } })).toEqual({
      load: true,
      src: 'https://embed.tawk.to/a%2Fb/c%3Fd',
    });
  });
  it.each([
    ['no config at all', undefined],
    ['a null widget', { chatWidget: null }],
    ['no chatWidget key', {}],
    ['a missing property id', { chatWidget: { widgetId: '1h2abc' } }],
    ['a missing widget id', { chatWidget: { propertyId: '64f0c0ffee' } }],
    ['an empty id', { chatWidget: { propertyId: ' ', widgetId: '1h2abc' } }],
    ['a non-string id', { chatWidget: { propertyId: 5, widgetId: '1h2abc' } }],
    ['a string body', 'oops'],
  ])('does not load with %s', (_label, config) => {
    expect(planChatWidget(config)).toEqual({ load: false });
  });
});

describe('startChatWidget', () => {
  function environment(config: () => Promise<unknown>) {
    const calls = { scripts: [] as string[], warnings: [] as string[], fetches: 0 };
    const env: ChatWidgetEnvironment = {
      fetchConfig: () => {
        calls.fetches += 1;
        return config();
      },
      insertScript: (src) => calls.scripts.push(src),
      warn: (message) => calls.warnings.push(message),
    };
    return { env, calls };
  }

  beforeEach(() => resetChatWidgetForTests());

  it('inserts the script once, however often it is started', async () => {
    const { env, calls } = environment(async () => ({ chatWidget: { propertyId: 'p', widgetId: 'w' } }));
    await Promise.all([startChatWidget(env), startChatWidget(env)]);
    await startChatWidget(env);
    expect(calls).toEqual({ scripts: ['https://embed.tawk.to/p/w'], warnings: [], fetches: 1 });
  });

  it('only warns, once, when an id is missing', async () => {
    const { env, calls } = environment(async () => ({ chatWidget: { propertyId: 'p' } }));
    await startChatWidget(env);
    await startChatWidget(env);
    expect(calls).toEqual({ scripts: [], warnings: [CHAT_WIDGET_WARNING], fetches: 1 });
  });

  it('only warns when /config.json cannot be read', async () => {
    const { env, calls } = environment(async () => {
      throw new Error('offline');
    });
    await startChatWidget(env);
    expect(calls.scripts).toEqual([]);
    expect(calls.warnings).toEqual([CHAT_WIDGET_WARNING]);
  });
});
