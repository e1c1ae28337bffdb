/**
 * Live-chat widget (spec §1): loaded on every page from the third-party provider's embed host, with the
 * property id and widget id read at run time from the gateway's `/config.json`
 * (`{ "chatWidget": { "propertyId", "widgetId" } | null }`). With either id missing only one console
 * warning is logged. The script is inserted `async` after the first render: it never blocks the page.
 */

export const CHAT_CONFIG_URL = '/config.json';
export const CHAT_EMBED_ORIGIN = 'https://embed.tawk.to';
export const CHAT_WIDGET_WARNING =
  'Chat widget not loaded: /config.json has no chatWidget.propertyId and chatWidget.widgetId';

export type ChatWidgetPlan = { load: true; src: string } | { load: false };

function id(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Pure decision: given what /config.json answered (or `undefined` when it could not be read). */
export function planChatWidget(config: unknown): ChatWidgetPlan {
  if (typeof config !== 'object' || config === null) return { load: false };
  const widget = (config as Record<string, unknown>).chatWidget;
  if (typeof widget !== 'object' || widget === null) return { load: false };
  const propertyId = id((widget as Record<string, unknown>).propertyId);
  const widgetId = id((widget as Record<string, unknown>).widgetId);
  if (!propertyId || !widgetId) return { load: false };
  return {
    load: true,
    src: `${CHAT_EMBED_ORIGIN}/${encodeURIComponent(propertyId)}/${encodeURIComponent(widgetId)}`,
  };
}

/** What {@link startChatWidget} needs from the browser (replaced in tests). */
export interface ChatWidgetEnvironment {
  fetchConfig: () => Promise<unknown>;
  insertScript: (src: string) => void;
  warn: (message: string) => void;
}

let started: Promise<ChatWidgetPlan> | null = null;

/** Reads the config and loads the widget or warns; runs once per page, later calls share the outcome. */
export function startChatWidget(environment: ChatWidgetEnvironment = browserEnvironment()): Promise<ChatWidgetPlan> {
  if (!started) {
    started = (async () => {
      let config: unknown;
      try {
        config = await environment.fetchConfig();
      } catch {
        config = undefined;
      }
      const plan = planChatWidget(config);
      if (plan.load) environment.insertScript(plan.src);
      else environment.warn(CHAT_WIDGET_WARNING);
      return plan;
    })();
  }
  return started;
}

/** Test hook: forget that the widget was started. */
export function resetChatWidgetForTests(): void {
  started = null;
}

function browserEnvironment(): ChatWidgetEnvironment {
  return {
    async fetchConfig() {
      const response = await fetch(CHAT_CONFIG_URL, { credentials: 'same-origin', cache: 'no-cache' });
      if (!response.ok) return undefined;
      return (await response.json()) as unknown;
    },
    insertScript(src) {
      // The provider's snippet: its API object first, then the script, asynchronously.
      const page = window as unknown as { Tawk_API?: object; Tawk_LoadStart?: Date };
      page.Tawk_API = page.Tawk_API ?? {};
      page.Tawk_LoadStart = new Date();
      const script = document.createElement('script');
      script.async = true;
      script.src = src;
      script.charset = 'UTF-8';
      script.setAttribute('crossorigin', '*');
      document.body.appendChild(script);
    },
    warn(message) {
      console.warn(message);
    },
  };
}
