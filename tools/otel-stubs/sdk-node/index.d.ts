/** The options @elysiajs/opentelemetry takes through NodeSDK's constructor, as far as the product passes them. */
export interface NodeSDKConfiguration {
  serviceName?: string;
  instrumentations?: unknown[];
}

export declare class NodeSDK {
  constructor(configuration?: Partial<NodeSDKConfiguration>);
  start(): void;
  shutdown(): Promise<void>;
}
