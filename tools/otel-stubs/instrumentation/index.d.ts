// Nothing: @elysiajs/opentelemetry imports no code from @opentelemetry/instrumentation (see ../README.md).
export {};
