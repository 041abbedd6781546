/**
 * Never constructed: Elysia's OpenTelemetry plugin starts a NodeSDK only when no tracer provider is registered, and the
 * product registers its own before loading the plugin (platform/src/tracing.ts). See ../README.md.
 */
export class NodeSDK {
  constructor() {
    throw new Error(
      'Lucid Insight installs no OpenTelemetry Node SDK: call startTracing (platform/src/tracing.ts) before loading @elysiajs/opentelemetry',
    );
  }
}
