/**
 * What the app's build uses for `@tanstack/devtools-event-client` (vite.config.ts aliases it): TanStack Form reports
 * every form's state to TanStack's devtools through that client, which, with no devtools on the page (the app ships
 * none), queues each report and dispatches connection attempts on `window` every second, five times. Here it does
 * nothing, and its 4 kB are not in the forms' code (issue 30). Form code calls only `emit` and `on`.
 */
export class EventClient {
  emit(_eventSuffix: string, _payload?: unknown): void {}

  on(_eventSuffix: string, _callback: (payload: unknown) => void): () => void {
    return () => {};
  }
}
